import { sql } from 'kysely';
import { Type } from 'typebox';
import { NOTICE_LIST } from '../../../src/contract/notices';
import { NoticeApi } from '../../../src/contract/notices.schema';
import {
  noticeLifecycle,
  type NoticeCommand,
  type NoticeSnapshot,
} from '../../../src/machines/lifecycles/noticeLifecycle';
import {
  MAX_NOTICE_CONTENT_LENGTH,
  MAX_NOTICE_REASON_LENGTH,
  MAX_NOTICE_TITLE_LENGTH,
  NOTICE_AUDIENCES,
  STAFF_NOTICE_TYPES,
  changedNoticeFields,
  isSingleAudience,
  isValidAudience,
  isValidNoticeContent,
  isValidNoticeTitle,
  type NoticeAudience,
  type NoticeBody,
  type NoticeReader,
  type NoticeRecipient,
} from '../../../src/machines/lifecycles/noticeMachine';
import * as noticesMigration from '../../db/migrations/2026_11_25_1000_notices';
import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';
import { ValidationError } from '../../errors';
import { sanitizeHtml } from '../../../src/contract/sanitizeHtml';
import { defineEntity, type CrossGuard, type FieldProblem } from '../../kit/entity';
import { entityRoutes } from '../../kit/routes';
import { ExpectedVersion, MAX_ID, Moment } from '../../kit/schemas';
import { customerTotalColumn, findCustomer } from '../customers/port';
import { findSupplier, supplierTotalColumn } from '../suppliers/port';
import type { ServerModule } from '../types';
import { noticeProjection, noticeToApi } from './projection';
import { orderNotices } from './orderNotices';
import { seedNotices } from './seed';

/**
 * Notices, declared for the entity kit: the lifecycle (noticeLifecycle.ts) decides; staff write system and help
 * notices (content sanitised before anything is judged or stored), an admin audits them; the apps mark them read
 * (the system actor). Order notices are written by a log follower (orderNotices.ts), not through the API.
 */

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Title = Type.String({
  minLength: 1,
  maxLength: MAX_NOTICE_TITLE_LENGTH,
  pattern: '\\S',
  description: `a title of 1 to ${MAX_NOTICE_TITLE_LENGTH} characters`,
});
// Before sanitising: generous, the sanitised content is judged against MAX_NOTICE_CONTENT_LENGTH.
const Content = Type.String({
  maxLength: MAX_NOTICE_CONTENT_LENGTH * 4,
  description: `rich text (HTML) of at most ${MAX_NOTICE_CONTENT_LENGTH * 4} characters as sent, ${MAX_NOTICE_CONTENT_LENGTH} once cleaned`,
});
const Audience = Type.Union(
  NOTICE_AUDIENCES.map((a) => Type.Literal(a)),
  { description: 'everyone, every supplier, every customer, or one supplier or one customer (recipient_id)' },
);
const NoticeTime = Moment('when the apps show it');
const Reason = Type.String({
  maxLength: 1000,
  description: `a reason of 1 to ${MAX_NOTICE_REASON_LENGTH} characters`,
});
const Reader = Type.Object(
  {
    kind: Type.Union([Type.Literal('supplier'), Type.Literal('customer')]),
    id: Id,
  },
  { additionalProperties: false, description: 'the supplier or customer who read it in the apps' },
);

/**
 * A body's recipient as the command carries it before the guard names it: `{ id, name: '' }`, or null. A
 * recipient with a broadcast audience is a mistake worth saying, not something to drop quietly.
 */
function recipientOf(audience: NoticeAudience, recipientId: unknown): NoticeRecipient | null {
  if (!isSingleAudience(audience)) {
    if (typeof recipientId === 'number') {
      throw new ValidationError(
        `recipient_id is only for a notice to one supplier or one customer, not to ${audience}.`,
        'recipient_id',
        { key: 'notice.validation.recipientNotForAudience', values: { audience } },
      );
    }
    return null;
  }
  return typeof recipientId === 'number' ? { id: recipientId, name: '' } : null;
}

function noticeTimeOf(value: unknown): string {
  return typeof value === 'string' ? new Date(value).toISOString() : new Date().toISOString();
}

/** The one supplier or customer a notice is for: it must exist; the notice keeps its name. */
async function named(
  db: Kysely<Database>,
  audience: NoticeAudience,
  recipient: NoticeRecipient | null,
): Promise<NoticeRecipient | null> {
  if (!isSingleAudience(audience)) return null;
  if (!recipient) {
    throw new ValidationError(
      `recipient_id is required when the audience is one ${audience}.`,
      'recipient_id',
      {
        key: 'notice.validation.recipientRequired',
        values: { audience },
      },
    );
  }
  const found =
    audience === 'supplier'
      ? await findSupplier(db, recipient.id)
      : await findCustomer(db, recipient.id).then((c) => c && { id: c.id, name: c.name });
  if (!found) {
    throw new ValidationError(`There is no ${audience} ${recipient.id}.`, 'recipient_id', {
      key: `notice.validation.no_${audience}`,
      values: { id: recipient.id },
    });
  }
  return { id: found.id, name: found.name };
}

const recipientOnCreate: CrossGuard<NoticeSnapshot, never> = {
  name: 'recipientExists',
  check: async ({ trx, command }) => {
    const c = command as unknown as NoticeBody;
    return { ...(command as object), recipient: await named(trx, c.audience, c.recipient) } as never;
  },
};

const recipientOnEdit: CrossGuard<NoticeSnapshot, never> = {
  name: 'recipientExists',
  check: async ({ trx, command, snapshot }) => {
    const c = command as unknown as { changes: Partial<NoticeBody> };
    if (!('recipient' in c.changes) && !('audience' in c.changes)) return;
    const audience = c.changes.audience ?? snapshot!.context.audience;
    const recipient = 'recipient' in c.changes ? c.changes.recipient! : snapshot!.context.recipient;
    return {
      ...(command as object),
      changes: { ...c.changes, recipient: await named(trx, audience, recipient) },
    } as never;
  },
};

/** A reader is a supplier or a customer who exists. */
const readerExists: CrossGuard<NoticeSnapshot, never> = {
  name: 'readerExists',
  check: async ({ trx, command }) => {
    const { reader } = command as unknown as { reader: NoticeReader };
    const found =
      reader.kind === 'supplier' ? await findSupplier(trx, reader.id) : await findCustomer(trx, reader.id);
    if (!found) {
      throw new ValidationError(`There is no ${reader.kind} ${reader.id}.`, 'reader', {
        key: `notice.validation.no_${reader.kind}`,
        values: { id: reader.id },
      });
    }
  },
};

/** The problems of a notice's body, each with its field and reason key. */
function problemsOf(snapshot: NoticeSnapshot): FieldProblem[] {
  const c = snapshot.context;
  const problems: FieldProblem[] = [];
  if (!isValidNoticeTitle(c.title)) {
    problems.push({
      field: 'title',
      key: 'notice.validation.title',
      message: `The title must have 1 to ${MAX_NOTICE_TITLE_LENGTH} characters.`,
    });
  }
  if (!isValidNoticeContent(c.content)) {
    problems.push({
      field: 'content',
      key: 'notice.validation.content',
      message: `The content must not be empty, and at most ${MAX_NOTICE_CONTENT_LENGTH} characters.`,
    });
  }
  if (!isValidAudience(c.audience, c.recipient)) {
    problems.push({
      field: 'recipient_id',
      key: 'notice.validation.recipientRequired',
      message: `recipient_id is required when the audience is one ${c.audience}, and only then.`,
    });
  }
  return problems;
}

/** How many readers a notice of `table` has: one, every supplier, every customer, or both (from the lists' counts). */
const audienceSize = (table: string) => sql<number>`case ${sql.ref(`${table}.audience`)}
  when 'everyone' then ${supplierTotalColumn()} + ${customerTotalColumn()}
  when 'suppliers' then ${supplierTotalColumn()}
  when 'customers' then ${customerTotalColumn()}
  else 1 end`;

export const noticeEntity = defineEntity({
  lifecycle: noticeLifecycle,
  title: 'title',
  label: 'Notice',
  path: '/api/notices',
  responseKey: 'notice',
  idSequence: 'notice_id_seq',
  projection: noticeProjection,
  toApi: noticeToApi,
  apiSchema: NoticeApi,
  create: {
    body: Type.Object(
      {
        type: Type.Union(
          STAFF_NOTICE_TYPES.map((t) => Type.Literal(t)),
          {
            description: 'system or help (order notices are written by the system)',
          },
        ),
        title: Title,
        content: Content,
        audience: Audience,
        recipient_id: Type.Optional(Id),
        notice_time: Type.Optional(NoticeTime),
      },
      { additionalProperties: false },
    ),
    data: (body) => {
      const audience = body.audience as NoticeAudience;
      return {
        noticeType: body.type,
        title: String(body.title).trim(),
        content: sanitizeHtml(String(body.content)),
        audience,
        recipient: recipientOf(audience, body.recipient_id),
        noticeTime: noticeTimeOf(body.notice_time),
        ref: (body.ref as object | undefined) ?? null,
      };
    },
  },
  commands: {
    fields: {
      'notice.approve': {},
      'notice.reject': { reason: Reason },
      'notice.enable': {},
      'notice.close': {},
      'notice.markRead': { reader: Reader },
    },
  },
  // The form's save: the fields sent over the current notice, stored as one NoticeEdited with only what changed.
  edit: {
    body: Type.Object(
      {
        title: Type.Optional(Title),
        content: Type.Optional(Content),
        audience: Type.Optional(Audience),
        recipient_id: Type.Optional(Type.Union([Id, Type.Null()])),
        notice_time: Type.Optional(NoticeTime),
        expectedVersion: ExpectedVersion(),
      },
      { additionalProperties: false },
    ),
    toCommand: (body, snapshot): NoticeCommand => {
      const current = snapshot.context;
      const audience = (body.audience as NoticeAudience | undefined) ?? current.audience;
      const next: NoticeBody = {
        title: body.title !== undefined ? String(body.title).trim() : current.title,
        content: body.content !== undefined ? sanitizeHtml(String(body.content)) : current.content,
        audience,
        recipient:
          body.recipient_id !== undefined
            ? recipientOf(audience, body.recipient_id)
            : isSingleAudience(audience) && audience === current.audience
              ? current.recipient
              : recipientOf(audience, undefined),
        noticeTime: body.notice_time !== undefined ? noticeTimeOf(body.notice_time) : current.noticeTime,
      };
      const changes: Partial<NoticeBody> = {};
      for (const f of changedNoticeFields(current, next)) (changes as Record<string, unknown>)[f] = next[f];
      return { type: 'notice.edit', changes };
    },
  },
  validate: (snapshot) => problemsOf(snapshot),
  feed: async ({ trx, id, command }) => {
    if (command.type !== 'notice.markRead') return {};
    const { reader } = command as unknown as { reader: NoticeReader };
    const read = await trx
      .selectFrom('events')
      .select(sql<number>`1`.as('one'))
      .where('stream_type', '=', noticeLifecycle.stream)
      .where('type', '=', 'NoticeRead')
      .where('stream_id', '=', String(id))
      .where(sql<string>`data->'reader'->>'kind'`, '=', reader.kind)
      .where(sql<string>`data->'reader'->>'id'`, '=', String(reader.id))
      .executeTakeFirst();
    return { readerHasRead: read !== undefined };
  },
  guards: {
    create: [recipientOnCreate],
    'notice.edit': [recipientOnEdit],
    'notice.markRead': [readerExists],
  },
  list: NOTICE_LIST,
  listItemColumns: { audience_size: audienceSize },
});

const routes = entityRoutes(noticeEntity, {
  detail: async (db, row) => {
    const { rows } = await sql<{
      n: number;
    }>`select ${audienceSize('notices')} as n from notices where id = ${row.id}`.execute(db);
    return { audience_size: Number(rows[0]?.n ?? 1) };
  },
  csv: [
    { header: 'id', value: (n) => n.id },
    { header: 'type', value: (n) => n.type },
    { header: 'title', value: (n) => n.title },
    { header: 'audience', value: (n) => n.audience },
    { header: 'to_user_id', value: (n) => n.to_user_id },
    { header: 'to_user_name', value: (n) => n.to_user_name },
    { header: 'notice_time', value: (n) => n.notice_time },
    { header: 'audit_state', value: (n) => n.audit_state },
    { header: 'is_enabled', value: (n) => n.is_enabled },
    { header: 'is_read', value: (n) => n.is_read },
    { header: 'read_count', value: (n) => n.read_count },
    { header: 'audience_size', value: (n) => n.audience_size },
    { header: 'from_user_id', value: (n) => n.from_user_id },
    { header: 'created_at', value: (n) => n.created_at },
  ],
});

export const noticesModule: ServerModule = {
  name: 'notices',
  routes,
  entities: [noticeEntity],
  followers: [orderNotices(noticeEntity)],
  migrations: { '2026_11_25_1000_notices': noticesMigration },
  seed: seedNotices,
};
