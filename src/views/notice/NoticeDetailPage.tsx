import { Callout, Card, Classes, FormGroup, H3, H5, Intent, Tag } from '@blueprintjs/core';
import { Select } from '@/views/kit/Select';
import { useSelector } from '@xstate/react';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { NoticeDto } from '@/contract/notices';
import {
  MAX_NOTICE_TITLE_LENGTH,
  NOTICE_AUDIENCES,
  STAFF_NOTICE_TYPES,
} from '@/machines/lifecycles/noticeMachine';
import { allowedHere } from '@/machines/screens/detailScreenMachine';
import { noticeDetail, noticeScreen, refLinkOf, uploadRichTextImage } from '@/machines/screens/noticeScreens';
import { PageFrame } from '@/views/common/PageFrame';
import {
  ConflictDialog,
  DetailBody,
  DetailCommandDialog,
  DetailErrors,
  HistoryTimeline,
  LifecycleActions,
  SaveButton,
  SelectField,
  TextField,
  useDetailScreen,
  useField,
  namesRecord,
  useIdParam,
  type DetailActor,
} from '@/views/kit/detailScreen';
import { useEditLines } from '@/views/kit/historyChanges';
import { LazyRichTextEditor } from '@/views/richtext/LazyRichTextEditor';
import './notice.css';
import { BackButton } from '@/views/kit/BackButton';
import { noticeDialog } from './commandDialog';
import { RecipientField } from './RecipientField';
import { useSaysNoticesChanged } from './noticesChanged';
import { useTitleOf } from './noticeTitle';
import { atMinute, useAtMinute } from '@/views/common/when';

const PATH = '/notice/detail';
const AUDIT_INTENT = { waiting_audit: Intent.WARNING, pass: Intent.SUCCESS, reject: Intent.DANGER } as const;

/**
 * The notice this page shows: `?id=` while the page is the one shown. The route is kept in the tab cache, so a
 * hidden copy must not follow another page's `?id=` (an order's) and load that number as a notice.
 */
function useNoticeId(): number | null {
  const id = useIdParam();
  const { pathname } = useLocation();
  const shown = useRef(id);
  if (pathname === PATH) shown.current = id;
  return shown.current;
}

/** /notice/detail (write a notice) and /notice/detail?id=… (its form or, once passed, its text), one machine each. */
export default function NoticeDetailPage() {
  const id = useNoticeId();
  return <NoticeDetail key={id ?? 'new'} id={id} />;
}

/** Who a notice is for: its audience, or the one supplier or customer by name. */
function useAudienceOf() {
  const { t } = useTranslation();
  return (n: NoticeDto) =>
    n.to_user_id === null
      ? t(`notice.audience.${n.audience}`)
      : `${t(`notice.recipient.${n.audience}`)}: ${n.to_user_name || `#${n.to_user_id}`}`;
}

/** A notice's title in the reader's language: a notice the system wrote from what it is about; else as typed. */
function NoticeDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onCreated = useCallback(
    (created: number) => navigate(`${PATH}?id=${created}`, { replace: true }),
    [navigate],
  );
  const actor = useDetailScreen(noticeDetail, { id, entity: noticeScreen, onCreated });
  useSaysNoticesChanged(actor);
  const notice = useSelector(actor, (s) => s.context.record as NoticeDto | null);
  const isNew = useSelector(actor, (s) => s.context.id === null);
  // The form while the lifecycle accepts an edit (a staff notice waiting for audit or rejected); else the text.
  const editable = useSelector(
    actor,
    (s) => allowedHere(s, s.context.record ? 'notice.edit' : 'notice.create').ok,
  );
  const titleOf = useTitleOf();
  const describe = useDescribe();
  return (
    <PageFrame
      title={
        isNew
          ? t('notice.title.create')
          : namesRecord(id)
            ? t('notice.title.detail', { id })
            : t('menu.notice.detail')
      }
      actions={<BackButton to="/notice/list">{t('notice.action.back')}</BackButton>}
    >
      <DetailBody actor={actor}>
        <div className="kit-detail notice-detail">
          {editable ? <NoticeForm actor={actor} /> : <NoticeText actor={actor} />}
          {!isNew && (
            <div className="kit-side">
              <AuditPanel actor={actor} showErrors={!editable} />
              <FactsPanel actor={actor} />
              <HistoryTimeline actor={actor} describe={describe} title={t('notice.section.history')} />
            </div>
          )}
        </div>
      </DetailBody>
      <DetailCommandDialog
        actor={actor}
        dialogs={(type) => noticeDialog(t, type, notice ? titleOf(notice) : '')}
      />
      <ConflictDialog actor={actor} describe={describe} />
    </PageFrame>
  );
}

const label = (field: string) => `notice.field.${field}`;

/** Type: chosen when the notice is written, fixed afterwards (the edit does not change it). */
function TypeField({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const { group, input } = useField(actor, 'type', label('type'));
  const isNew = useSelector(actor, (s) => s.context.id === null);
  return (
    <FormGroup {...group} labelFor="notice-type">
      <Select
        {...input}
        id="notice-type"
        fill
        disabled={!isNew}
        options={STAFF_NOTICE_TYPES.map((v) => ({ value: v, label: t(`notice.type.${v}`) }))}
      />
    </FormGroup>
  );
}

function NoticeForm({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const { group, input } = useField(actor, 'content', label('content'));
  const rejected = useSelector(
    actor,
    (s) => (s.context.record as NoticeDto | null)?.audit_state === 'reject',
  );
  return (
    <form
      className="kit-form notice-form"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.save' });
      }}
    >
      {rejected && (
        <p className={Classes.TEXT_MUTED} data-testid="notice-resubmit-hint">
          {t('notice.form.resubmitHint')}
        </p>
      )}
      <TextField
        actor={actor}
        field="title"
        label={label('title')}
        inputId="notice-title"
        maxLength={MAX_NOTICE_TITLE_LENGTH}
      />
      <div className="kit-form-grid">
        <TypeField actor={actor} />
        <SelectField
          actor={actor}
          field="audience"
          label={label('audience')}
          inputId="notice-audience"
          options={NOTICE_AUDIENCES.map((v) => ({ value: v, label: t(`notice.audience.${v}`) }))}
        />
        <RecipientField actor={actor} />
        <TextField
          actor={actor}
          field="notice_time"
          label={label('notice_time')}
          type="datetime-local"
          inputId="notice-notice_time"
        />
      </div>
      <FormGroup {...group} labelFor="notice-content">
        <LazyRichTextEditor
          id="notice-content"
          value={input.value}
          invalid={group.intent === Intent.DANGER}
          describedBy={input['aria-describedby']}
          placeholder={t('notice.placeholder.content')}
          uploadImage={uploadRichTextImage}
          onChange={(value) => actor.send({ type: 'field.change', field: 'content', value })}
        />
      </FormGroup>
      <DetailErrors actor={actor} fieldLabel={(f) => t(label(f), { defaultValue: '' })} />
      <div className="kit-actions">
        <SaveButton actor={actor} label={t('notice.action.save')} />
      </div>
    </form>
  );
}

/** A notice that is no longer edited (passed, or written by the system): its text as the apps show it. */
function NoticeText({ actor }: { actor: DetailActor }) {
  const { t, i18n } = useTranslation();
  const notice = useSelector(actor, (s) => s.context.record as NoticeDto | null);
  const why = useSelector(actor, (s) => allowedHere(s, 'notice.edit'));
  const titleOf = useTitleOf();
  const audienceOf = useAudienceOf();
  if (!notice) return null;
  const ref = refLinkOf(notice);
  return (
    <Card className="notice-text" data-testid="notice-text">
      <H3 className="notice-text-title">{titleOf(notice)}</H3>
      <p className={Classes.TEXT_MUTED}>
        {t(`notice.type.${notice.type}`)} · {audienceOf(notice)} ·{' '}
        {atMinute(notice.notice_time, i18n.language)}
      </p>
      {ref && notice.ref && (
        <p>
          <Link to={ref} data-testid="notice-ref">
            {t(`notice.ref.${notice.ref.kind}`, { orderNo: notice.ref.orderNo })}
          </Link>
        </p>
      )}
      {/* Sanitised by the server before it was stored (src/contract/sanitizeHtml.ts); the CSP forbids scripts. */}
      <div className="kit-rich-text" dangerouslySetInnerHTML={{ __html: notice.content }} />
      {!why.ok && (
        <Callout intent={Intent.NONE} icon="lock" className="notice-readonly" data-testid="notice-readonly">
          {t(why.reasonKey, why.values)}
        </Callout>
      )}
    </Card>
  );
}

/** Audit and enablement; a refused command is shown here when the page has no form to show it under. */
function AuditPanel({ actor, showErrors }: { actor: DetailActor; showErrors: boolean }) {
  const { t } = useTranslation();
  const notice = useSelector(actor, (s) => s.context.record as NoticeDto | null);
  if (!notice) return null;
  const action = (type: string, intent?: Intent) => ({
    type,
    label: t(`notice.action.${type.split('.')[1]}`),
    intent,
  });
  return (
    <Card className="notice-audit" data-audit-state={notice.audit_state}>
      <H5>{t('notice.section.audit')}</H5>
      <div className="kit-actions">
        <Tag large intent={AUDIT_INTENT[notice.audit_state]} data-testid="notice-audit-state">
          {t(`notice.audit.${notice.audit_state}`)}
        </Tag>
        <Tag large minimal data-testid="notice-enabled">
          {t(`notice.enabled.${notice.is_enabled}`)}
        </Tag>
      </div>
      {notice.audit_failed_reason && (
        <Callout intent={Intent.WARNING} title={t('notice.audit.reason')} data-testid="notice-audit-reason">
          {notice.audit_failed_reason}
        </Callout>
      )}
      <LifecycleActions
        actor={actor}
        actions={[
          action('notice.approve', Intent.SUCCESS),
          { ...action('notice.reject', Intent.DANGER), ask: 'reason', command: { reason: '' } },
          action('notice.enable'),
          { ...action('notice.close'), ask: '' },
        ]}
      />
      {showErrors && <DetailErrors actor={actor} fieldLabel={(f) => t(label(f), { defaultValue: '' })} />}
    </Card>
  );
}

/** Who it is for, when it shows, who read it, who wrote it. */
function FactsPanel({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const notice = useSelector(actor, (s) => s.context.record as NoticeDto | null);
  // Who wrote it, as the log names them (the list of notices carries only their id).
  const writer = useSelector(
    actor,
    (s) => s.context.history.find((e) => e.type === 'NoticeWritten')?.actor.name ?? null,
  );
  const audienceOf = useAudienceOf();
  const when = useAtMinute();
  if (!notice) return null;
  const facts: Array<[string, string, string?]> = [
    [t('notice.field.type'), t(`notice.type.${notice.type}`)],
    [t('notice.field.audience'), audienceOf(notice)],
    [t('notice.field.notice_time'), when(notice.notice_time)],
    [t('notice.column.readCount'), String(notice.read_count), 'notice-read-count'],
    notice.to_user_id === null && notice.audience_size !== undefined
      ? [
          t('notice.field.unread'),
          String(Math.max(0, notice.audience_size - notice.read_count)),
          'notice-unread-count',
        ]
      : [
          t('notice.field.isRead'),
          t(notice.is_read ? 'notice.read.yes' : 'notice.read.no'),
          'notice-is-read',
        ],
    [
      t('notice.field.from'),
      notice.from_user_id === null ? t('notice.from.system') : (writer ?? `#${notice.from_user_id}`),
    ],
    [t('notice.column.createdAt'), when(notice.created_at)],
    [t('notice.field.version'), String(notice.version)],
  ];
  return (
    <Card className="notice-facts">
      <H5>{t('notice.section.facts')}</H5>
      <dl className="kit-facts">
        {facts.map(([name, value, testId]) => (
          <div key={name}>
            <dt className="kit-muted">{name}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function useDescribe() {
  const { t } = useTranslation();
  const when = useAtMinute();
  const editLines = useEditLines();
  return (entry: { type: string; data: Record<string, unknown> }) => {
    const details = editLines(
      entry.data,
      (f) => t(label(f === 'noticeTime' ? 'notice_time' : f)),
      (field, value) =>
        field === 'noticeTime' && typeof value === 'string'
          ? when(value)
          : field === 'audience' && typeof value === 'string'
            ? t(`notice.audience.${value}`)
            : undefined,
    );
    const reader = entry.data.reader as { kind?: string; id?: number } | undefined;
    if (entry.type === 'NoticeRead' && reader?.kind)
      details.push(t('notice.history.reader', { reader: t(`notice.reader.${reader.kind}`), id: reader.id }));
    return { title: t(`notice.event.${entry.type}`, { defaultValue: entry.type }), details };
  };
}
