import { Type } from 'typebox';
import { FEEDBACK_LIST } from '../../../src/contract/feedback';
import { FeedbackApi } from '../../../src/contract/feedback.schema';
import { feedbackLifecycle, type FeedbackSnapshot } from '../../../src/machines/lifecycles/feedbackLifecycle';
import {
  FEEDBACK_KINDS,
  MAX_FEEDBACK_CONTACT_LENGTH,
  MAX_FEEDBACK_IMAGES,
  MAX_FEEDBACK_MESSAGE_LENGTH,
  MAX_FEEDBACK_NOTE_LENGTH,
  isValidFeedbackImages,
  type FeedbackSubmission,
} from '../../../src/machines/lifecycles/feedbackMachine';
import * as feedbackMigration from '../../db/migrations/2026_11_25_1100_feedback';
import { ValidationError } from '../../errors';
import { defineEntity, type CrossGuard } from '../../kit/entity';
import { entityRoutes } from '../../kit/routes';
import { MAX_ID } from '../../kit/schemas';
import { findCustomer } from '../customers/port';
import { findOrder } from '../orders/port';
import { findSupplier } from '../suppliers/port';
import type { ServerModule } from '../types';
import { feedbackProjection, feedbackToApi } from './projection';
import { seedFeedback } from './seed';

/**
 * Feedback, declared for the entity kit: the lifecycle (feedbackLifecycle.ts) decides; customers and suppliers send
 * it and write again through the apps (the system actor), naming themselves and, if they like, an order and a
 * supplier; staff reply and resolve. The conversation is the feedback's history.
 */

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Message = Type.String({
  maxLength: MAX_FEEDBACK_MESSAGE_LENGTH * 2,
  description: `a message of 1 to ${MAX_FEEDBACK_MESSAGE_LENGTH} characters`,
});

/** Who sent it, the order and the supplier it is about: each must exist; the feedback keeps their names. */
const partiesExist: CrossGuard<FeedbackSnapshot, never> = {
  name: 'partiesExist',
  check: async ({ trx, command }) => {
    const c = command as unknown as FeedbackSubmission;
    const sender =
      c.from.kind === 'customer' ? await findCustomer(trx, c.from.id) : await findSupplier(trx, c.from.id);
    if (!sender) {
      throw new ValidationError(`There is no ${c.from.kind} ${c.from.id}.`, 'from', {
        key: `feedback.validation.no_${c.from.kind}`,
        values: { id: c.from.id },
      });
    }
    let order: FeedbackSubmission['order'] = null;
    let supplier = c.supplier;
    if (c.order) {
      const found = await findOrder(trx, c.order.id);
      if (!found) {
        throw new ValidationError(`There is no order ${c.order.id}.`, 'order_id', {
          key: 'feedback.validation.no_order',
          values: { id: c.order.id },
        });
      }
      order = { id: c.order.id, orderNo: found.context.orderNo };
      supplier ??= found.context.supplier;
    }
    if (supplier) {
      const found = await findSupplier(trx, supplier.id);
      if (!found) {
        throw new ValidationError(`There is no supplier ${supplier.id}.`, 'supplier_id', {
          key: 'feedback.validation.no_supplier',
          values: { id: supplier.id },
        });
      }
      supplier = found;
    }
    return {
      ...(command as object),
      from: { kind: c.from.kind, id: sender.id, name: sender.name },
      order,
      supplier,
    } as never;
  },
};

export const feedbackEntity = defineEntity({
  lifecycle: feedbackLifecycle,
  title: 'from_name',
  label: 'Feedback',
  path: '/api/feedback',
  responseKey: 'feedback',
  idSequence: 'feedback_id_seq',
  projection: feedbackProjection,
  toApi: feedbackToApi,
  apiSchema: FeedbackApi,
  create: {
    body: Type.Object(
      {
        kind: Type.Union(
          FEEDBACK_KINDS.map((k) => Type.Literal(k)),
          { description: 'complaint, suggestion, bug or other' },
        ),
        content: Type.String({
          minLength: 1,
          maxLength: MAX_FEEDBACK_MESSAGE_LENGTH,
          pattern: '\\S',
          description: `what the sender says, 1 to ${MAX_FEEDBACK_MESSAGE_LENGTH} characters`,
        }),
        images: Type.Optional(
          Type.Array(Type.String({ maxLength: 500 }), {
            maxItems: MAX_FEEDBACK_IMAGES,
            description: `up to ${MAX_FEEDBACK_IMAGES} uploaded images (/uploads/… or http(s) URLs)`,
          }),
        ),
        contact: Type.Optional(
          Type.String({
            maxLength: MAX_FEEDBACK_CONTACT_LENGTH,
            description: `how to reach the sender, at most ${MAX_FEEDBACK_CONTACT_LENGTH} characters`,
          }),
        ),
        from: Type.Object(
          { kind: Type.Union([Type.Literal('customer'), Type.Literal('supplier')]), id: Id },
          { additionalProperties: false, description: 'the customer or supplier who sends it' },
        ),
        order_id: Type.Optional(Id),
        supplier_id: Type.Optional(Id),
      },
      { additionalProperties: false },
    ),
    data: (body): FeedbackSubmission => {
      const images = ((body.images as string[] | undefined) ?? []).map((i) => i.trim());
      if (!isValidFeedbackImages(images)) {
        throw new ValidationError(
          `images must be up to ${MAX_FEEDBACK_IMAGES} http:// or https:// URLs or uploaded file paths (/uploads/…).`,
          'images',
          { key: 'feedback.validation.images', values: { max: MAX_FEEDBACK_IMAGES } },
        );
      }
      const from = body.from as { kind: 'customer' | 'supplier'; id: number };
      return {
        kind: body.kind as FeedbackSubmission['kind'],
        content: String(body.content).trim(),
        images,
        contact: String(body.contact ?? '').trim(),
        from: { kind: from.kind, id: from.id, name: '' },
        order: typeof body.order_id === 'number' ? { id: body.order_id, orderNo: '' } : null,
        supplier: typeof body.supplier_id === 'number' ? { id: body.supplier_id, name: '' } : null,
      };
    },
  },
  commands: {
    fields: {
      'feedback.reply': { message: Message },
      'feedback.resolve': {
        note: Type.Optional(
          Type.Union([
            Type.String({
              maxLength: MAX_FEEDBACK_NOTE_LENGTH * 2,
              description: `at most ${MAX_FEEDBACK_NOTE_LENGTH} characters`,
            }),
            Type.Null(),
          ]),
        ),
      },
      'feedback.addMessage': { message: Message },
    },
  },
  guards: { create: [partiesExist] },
  list: FEEDBACK_LIST,
});

const routes = entityRoutes(feedbackEntity, {
  csv: [
    { header: 'id', value: (f) => f.id },
    { header: 'kind', value: (f) => f.kind },
    { header: 'state', value: (f) => f.state },
    { header: 'content', value: (f) => f.content },
    { header: 'from_kind', value: (f) => f.from_kind },
    { header: 'from_name', value: (f) => f.from_name },
    { header: 'contact', value: (f) => f.contact },
    { header: 'order_no', value: (f) => (f.order as { orderNo: string } | null)?.orderNo ?? '' },
    { header: 'supplier', value: (f) => (f.supplier as { name: string } | null)?.name ?? '' },
    { header: 'message_count', value: (f) => f.message_count },
    { header: 'resolution_note', value: (f) => f.resolution_note },
    { header: 'submitted_at', value: (f) => f.created_at },
    { header: 'updated_at', value: (f) => f.updated_at },
  ],
});

export const feedbackModule: ServerModule = {
  name: 'feedback',
  routes,
  entities: [feedbackEntity],
  migrations: { '2026_11_25_1100_feedback': feedbackMigration },
  seed: seedFeedback,
};
