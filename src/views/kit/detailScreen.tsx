import './kit.css';
import {
  AnchorButton,
  Button,
  Callout,
  Card,
  Checkbox,
  Classes,
  DialogBody,
  DialogFooter,
  FormGroup,
  H5,
  InputGroup,
  Intent,
  NonIdealState,
  TextArea,
} from '@blueprintjs/core';
import { Spinner } from './Spinner';
import { Dialog } from './Dialog';
import { describedField } from './describedField';
import { Select } from './Select';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { selectRole, selectUser } from '@/machines/app/sessionMachine';
import {
  allowedHere,
  selectConflict,
  selectHasEdits,
  selectDialog,
  selectIsBusy,
  selectUnsaved,
  type DetailEntity,
  type Form,
  type detailScreenMachine,
} from '@/machines/screens/detailScreenMachine';
import type { HistoryEntry } from '@/contract/api';
import { sanitizeHtml } from '@/contract/sanitizeHtml';
import { useAppActors } from '@/views/common/actors';
import { LOCAL_TIME_BOUNDS, localToday } from '@/machines/screens/localTime';
import { showToast, toastText } from '@/views/common/toaster';
import { errorMessage } from '@/views/common/errorText';
import { ErrorCallout, LoadFailedState } from './ErrorCallout';
import { showFirstProblem } from './showFirstProblem';
import { useClaim, useClaimed } from './fieldClaims';
import { LeaveGuard } from './LeaveGuard';
import { useUnsavedTab } from '@/views/layout/unsavedTab';
import { useCurrentRoute } from '@/views/common/route';
import { CommandDialog, type DialogDeclaration } from './listScreen';
import { ReasonTip } from './ReasonTip';
import { CountedHelper } from './CountedHelper';
import { atMinute } from '@/views/common/when';

/**
 * The view kit of every detail screen: one hook that runs a detail machine, the frame with its loading and failed
 * states, form fields bound to the machine, image uploads, lifecycle action buttons (allowed by the policy and the
 * lifecycle, or explained), the history timeline and the conflict dialog. A page lays out its fields; it decides
 * nothing.
 */

export type DetailActor = ActorRefFrom<typeof detailScreenMachine>;

/**
 * The record a detail page shows: `?id=<n>` in its address; null when there is no `id` (a new record, or none
 * named); -1 when the id is not a record's (`?id=abc`, `?id=0`): no record has it, so the page says it is missing
 * rather than opening a new one. (0 is the one record of a singleton screen, which names none in its address.)
 */
export function useIdParam(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('id');
  if (raw === null || raw === '') return null;
  return /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 2_147_483_647 ? Number(raw) : -1;
}

/** Whether `id` (from useIdParam) names a record, rather than none (null) or one no record has (-1). */
export function namesRecord(id: number | null): id is number {
  return id !== null && id > 0;
}

export function useDetailScreen(
  machine: typeof detailScreenMachine,
  options: {
    id: number | null;
    entity: DetailEntity<never>;
    onCreated?: (id: number) => void;
    onRemoved?: () => void;
  },
): DetailActor {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  const viewerId = useSelector(session, (s) => selectUser(s)?.id ?? null);
  const actor = useActorRef(machine, {
    input: { id: options.id, role, viewerId, today: localToday(), entity: options.entity as DetailEntity },
  });
  const { onCreated, onRemoved } = options;
  useEffect(() => {
    const subs = [
      actor.on('toast', (e) => showToast({ intent: e.intent, message: e.message ?? toastText(t, e) })),
      actor.on('record.created', (e) => onCreated?.(e.id)),
      actor.on('record.removed', () => onRemoved?.()),
      actor.on('form.problems', () => requestAnimationFrame(showFirstProblem)),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, t, onCreated, onRemoved]);
  return actor;
}

/** The page body: a spinner while loading, the failure with a retry, else the page's content. */
export function DetailBody({ actor, children }: { actor: DetailActor; children: ReactNode }) {
  const { t } = useTranslation();
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('starting'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const missing = useSelector(actor, (s) => s.matches('missing'));
  const loadError = useSelector(actor, (s) => s.context.loadError);
  // Whether the tab bar keeps this page while another is shown, as it was when the page opened (a kept page, hidden,
  // sees another page's route).
  const route = useCurrentRoute();
  const kept = useRef(route !== undefined && !route.ignoreCache).current;
  if (missing) {
    return (
      <NonIdealState
        icon="search"
        title={t('detail.missing')}
        description={loadError ? errorMessage(t, loadError) : undefined}
      />
    );
  }
  if (failed) {
    return (
      <LoadFailedState
        error={loadError}
        title={t('detail.loadFailed')}
        onRetry={() => actor.send({ type: 'detail.retry' })}
      />
    );
  }
  return loading ? (
    <Spinner />
  ) : (
    <>
      {children}
      {kept ? <UnsavedTab actor={actor} /> : <LeaveGuard actor={actor} />}
    </>
  );
}

/** A kept page (the group form) tells its tab what was typed and not saved: closing the tab, or the browser's, asks. */
function UnsavedTab({ actor }: { actor: DetailActor }) {
  useUnsavedTab(useSelector(actor, selectUnsaved));
  return null;
}

/**
 * The text of a field's problem, or undefined: the form's own rule, or the server's refusal filled in with its
 * values (a limit), the field named by its label.
 */
export function useFieldProblem(actor: DetailActor, field: string, label: string): string | undefined {
  const { t } = useTranslation();
  const error = useSelector(actor, (s) => s.context.errors[field]);
  const values = useSelector(actor, (s) => s.context.errorValues[field]);
  return error ? t(error, { ...values, field: label }) : undefined;
}

/**
 * A field's problem, said under it. While it is on the page it claims the field: a refusal of the field is said here
 * only, not again above the form (`DetailErrors`).
 */
export function FieldProblem({
  actor,
  field,
  children,
}: {
  actor: DetailActor;
  field: string;
  children: ReactNode;
}) {
  useClaim(actor, field);
  return <span data-problem={field}>{children}</span>;
}

/** A field's problem text as said under it (`FieldProblem`), or undefined when it has none. */
export function problemUnder(actor: DetailActor, field: string, text: string | undefined): ReactNode {
  return text === undefined ? undefined : (
    <FieldProblem actor={actor} field={field}>
      {text}
    </FieldProblem>
  );
}

/** Props for a Blueprint field bound to the machine's form: value, change, the field's problem. */
export function useField(actor: DetailActor, field: string, labelKey: string) {
  const { t } = useTranslation();
  const value = useSelector(actor, (s) => s.context.form[field]);
  const error = useFieldProblem(actor, field, t(labelKey));
  // Changed by someone else too, after a conflict the person kept their changes through: theirs is kept here.
  const overlap = useSelector(actor, (s) => s.context.overlaps?.includes(field) ?? false);
  const id = `field-${field}`;
  const help = problemUnder(actor, field, error) ?? (overlap ? t('detail.rebased.field') : undefined);
  const described = describedField(id, help, Boolean(error));
  return {
    group: {
      label: t(labelKey),
      labelFor: id,
      intent: error ? Intent.DANGER : overlap ? Intent.WARNING : Intent.NONE,
      helperText: described.helperText,
    },
    input: {
      id,
      name: field,
      value: value === null || value === undefined ? '' : String(value),
      intent: error ? Intent.DANGER : Intent.NONE,
      ...described.input,
      onChange: (e: { target: { value: string } }) =>
        actor.send({ type: 'field.change', field, value: e.target.value }),
    },
  };
}

export function TextField({
  actor,
  field,
  label,
  type,
  multiline,
  inputId,
  disabled,
  note,
  maxLength,
}: {
  actor: DetailActor;
  field: string;
  label: string;
  type?: string;
  multiline?: boolean;
  /** The element id, where a page keeps its own (`supply-name`). */
  inputId?: string;
  /** The lifecycle does not let this field change now. */
  disabled?: boolean;
  /** What the rules allow for this field now, said under it while it has no problem. */
  note?: string;
  /** The lifecycle's limit on its length: counted under it while typing ("12 / 100"), not only refused on save. */
  maxLength?: number;
}) {
  const { group, input } = useField(actor, field, label);
  const id = inputId ?? input.id;
  const helper = group.helperText ?? note;
  return (
    <FormGroup
      {...group}
      helperText={maxLength ? <CountedHelper text={helper} value={input.value} max={maxLength} /> : helper}
      labelFor={id}
      disabled={disabled}
    >
      {multiline ? (
        <TextArea {...input} id={id} fill rows={3} disabled={disabled} />
      ) : (
        <InputGroup
          {...input}
          id={id}
          type={type}
          disabled={disabled}
          {...(type === 'datetime-local' ? LOCAL_TIME_BOUNDS : {})}
        />
      )}
    </FormGroup>
  );
}

/**
 * Any number of choices (cities, projects) as checkboxes in a scrolling box, in the options' order. A value the
 * record holds that is no longer offered (a city closed since) stays listed, checked, under `missingLabel`.
 */
export function ChecklistField<V extends string | number>({
  actor,
  field,
  label,
  options,
  missingLabel,
  disabled,
}: {
  actor: DetailActor;
  field: string;
  label: string;
  options: Array<{ value: V; label: string }>;
  missingLabel: (value: V) => string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const values = useSelector(actor, (s) => (s.context.form[field] as V[] | undefined) ?? []);
  const error = useFieldProblem(actor, field, label);
  const offered = new Set(options.map((o) => o.value));
  const all = [
    ...options,
    ...values.filter((v) => !offered.has(v)).map((value) => ({ value, label: missingLabel(value) })),
  ];
  const toggle = (value: V, on: boolean) => {
    const next = on ? [...values, value] : values.filter((v) => v !== value);
    const order = all.map((o) => o.value);
    next.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    actor.send({ type: 'field.change', field, value: next });
  };
  return (
    <FormGroup
      label={`${label} (${values.length})`}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={problemUnder(actor, field, error)}
      disabled={disabled}
    >
      <div className="kit-checklist" role="group" aria-label={label} data-checklist={field}>
        {all.length === 0 && <span className="kit-muted">{t('detail.checklist.none')}</span>}
        {all.map((o) => (
          <Checkbox
            key={String(o.value)}
            label={o.label}
            checked={values.includes(o.value)}
            disabled={disabled}
            onChange={(e) => toggle(o.value, e.currentTarget.checked)}
          />
        ))}
      </div>
    </FormGroup>
  );
}

export function SelectField({
  actor,
  field,
  label,
  options,
  inputId,
}: {
  actor: DetailActor;
  field: string;
  label: string;
  options: Array<{ value: string; label: string; disabled?: boolean }>;
  inputId?: string;
}) {
  const { group, input } = useField(actor, field, label);
  const id = inputId ?? input.id;
  return (
    <FormGroup {...group} labelFor={id}>
      <Select {...input} id={id} fill options={options} />
    </FormGroup>
  );
}

function UploadButton({ actor, field, label }: { actor: DetailActor; field: string; label: string }) {
  const input = useRef<HTMLInputElement>(null);
  const uploading = useSelector(actor, (s) => s.matches('uploading') && s.context.upload?.field === field);
  const busy = useSelector(actor, selectIsBusy);
  return (
    <>
      <input
        ref={input}
        className="kit-file-input"
        type="file"
        accept="image/*"
        data-field={field}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) actor.send({ type: 'upload.start', field, file });
          e.target.value = '';
        }}
      />
      <Button size="small" loading={uploading} disabled={busy} onClick={() => input.current?.click()}>
        {label}
      </Button>
    </>
  );
}

/**
 * One image: its preview and an upload (replace) button; an `optional` one (a cover the record may go without) can
 * be removed too.
 */
export function ImageField({
  actor,
  field,
  label,
  optional = false,
}: {
  actor: DetailActor;
  field: string;
  label: string;
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const url = useSelector(actor, (s) => s.context.form[field] as string);
  const busy = useSelector(actor, selectIsBusy);
  const error = useFieldProblem(actor, field, label);
  return (
    <FormGroup
      label={label}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={problemUnder(actor, field, error)}
    >
      <div className="kit-image" data-image={field}>
        {url ? (
          <img src={url} alt={label} />
        ) : (
          <div className="kit-image-empty">{t('detail.image.none')}</div>
        )}
        <UploadButton
          actor={actor}
          field={field}
          label={t(url ? 'detail.upload.replace' : 'detail.upload')}
        />
        {optional && url && (
          <Button
            size="small"
            variant="minimal"
            disabled={busy}
            data-remove={field}
            onClick={() => actor.send({ type: 'field.change', field, value: '' })}
          >
            {t('detail.image.remove')}
          </Button>
        )}
      </div>
    </FormGroup>
  );
}

/** A list of images (covers, a carousel): reorder, remove, and add while below its limit. */
export function ImagesField({ actor, field, label }: { actor: DetailActor; field: string; label: string }) {
  const { t } = useTranslation();
  const urls = useSelector(actor, (s) => (s.context.form[field] as string[]) ?? []);
  const max = useSelector(actor, (s) => s.context.entity.maxItems?.[field]);
  const error = useFieldProblem(actor, field, label);
  return (
    <FormGroup
      label={label}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={problemUnder(actor, field, error)}
    >
      <div className="kit-images" data-images={field}>
        {urls.map((url, index) => (
          <div className="kit-image" key={`${url}-${index}`}>
            <img src={url} alt={`${label} ${index + 1}`} />
            <div className="kit-image-buttons">
              <Button
                size="small"
                variant="minimal"
                icon="arrow-left"
                aria-label={t('detail.image.earlier')}
                disabled={index === 0}
                onClick={() => actor.send({ type: 'item.move', field, index, delta: -1 })}
              />
              <Button
                size="small"
                variant="minimal"
                icon="arrow-right"
                aria-label={t('detail.image.later')}
                disabled={index === urls.length - 1}
                onClick={() => actor.send({ type: 'item.move', field, index, delta: 1 })}
              />
              <Button
                size="small"
                variant="minimal"
                onClick={() => actor.send({ type: 'item.remove', field, index })}
              >
                {t('detail.image.remove')}
              </Button>
            </div>
          </div>
        ))}
        {(max === undefined || urls.length < max) && (
          <div className="kit-image">
            <div className="kit-image-empty">
              <UploadButton actor={actor} field={field} label={t('detail.upload')} />
            </div>
          </div>
        )}
      </div>
    </FormGroup>
  );
}

/**
 * The refusals of the last save, command and upload, in place (a field's own under it: `FieldProblem`), and what
 * was typed and could not be kept, to copy: each field named by `fieldLabel` where the page gives it.
 */
export function DetailErrors({
  actor,
  fieldLabel,
}: {
  actor: DetailActor;
  fieldLabel?: (field: string) => string;
}) {
  const { t } = useTranslation();
  const actionError = useSelector(actor, (s) => s.context.actionError);
  // A refusal of a field the page shows is said under that field, once.
  const refusedField = useSelector(actor, (s) => s.context.refusedField);
  const saidUnderField = useClaimed(actor, refusedField);
  const uploadError = useSelector(actor, (s) => s.context.uploadError);
  const overlaps = useSelector(actor, (s) => s.context.overlaps);
  const notKept = useSelector(actor, (s) => s.context.notKept);
  return (
    <>
      {notKept && (
        <Callout intent={Intent.WARNING} className="kit-rebased" data-testid="detail-not-kept">
          {t(notKept.afterCommand ? 'detail.setAside.afterCommand' : 'detail.rebased.notKept', {
            reason: t(notKept.reason),
          })}
          <SetAside typed={notKept.typed} fieldLabel={fieldLabel} />
        </Callout>
      )}
      {overlaps && (
        <Callout intent={Intent.WARNING} className="kit-rebased" data-testid="detail-rebased">
          {t(overlaps.length ? 'detail.rebased.overlaps' : 'detail.rebased.clean', {
            count: overlaps.length,
          })}
        </Callout>
      )}
      <ErrorCallout error={uploadError} title={t('detail.upload.failed')} />
      <ErrorCallout error={saidUnderField ? null : actionError} className="kit-action-error" />
    </>
  );
}

export function SaveButton({ actor, label }: { actor: DetailActor; label?: string }) {
  const { t } = useTranslation();
  const busy = useSelector(actor, selectIsBusy);
  // Busy, the button is disabled and the browser drops its focus to the page: once the save is done, focus comes
  // back to it (unless the person has moved on), so the keyboard goes on from where it was.
  // Only a save's end does so: a command, an upload or a refresh after a save the form refused leaves focus be.
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const button = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (saving || !pressed.current) return;
    pressed.current = false;
    if (document.activeElement === null || document.activeElement === document.body) button.current?.focus();
  }, [saving]);
  return (
    <Button
      ref={button}
      type="submit"
      intent={Intent.PRIMARY}
      loading={busy}
      disabled={busy}
      data-testid="detail-save"
      onClick={() => (pressed.current = true)}
    >
      {label ?? t('detail.save')}
    </Button>
  );
}

export interface LifecycleAction {
  type: string;
  label: string;
  intent?: Intent;
  /** The field its dialog asks for ('' for a confirmation); none to send at once. */
  ask?: string;
  /** The command's fields besides `type` (a placeholder of the asked field's type: `ranking: 0`). */
  command?: Record<string, unknown>;
  /** Opens the page's own dialog instead (a supplier to pick), which then sends the command. */
  onClick?: () => void;
}

/**
 * The record's next actions: each enabled when the policy and the lifecycle allow it, else with the reason; and
 * below them, on request, the record's place in its lifecycle with the same answers.
 */
export function LifecycleActions({ actor, actions }: { actor: DetailActor; actions: LifecycleAction[] }) {
  return (
    <>
      <div className="kit-actions">
        {actions.map((a) => (
          <LifecycleButton key={a.type + (a.label ?? '')} actor={actor} action={a} />
        ))}
      </div>
      <DetailLifecycle actor={actor} actions={actions} />
    </>
  );
}

const RecordLifecycle = lazy(() => import('@/views/statecharts/RecordLifecycle'));

/** The lifecycle panel (statechart, state, what is open now and why the rest is not), drawn only once asked for. */
function DetailLifecycle({ actor, actions }: { actor: DetailActor; actions: LifecycleAction[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const snapshot = useSelector(actor, (s) =>
    s.context.record ? s.context.entity.snapshotOf(s.context.record, s.context.viewerId) : null,
  );
  const verdicts = useSelector(
    actor,
    (s) => actions.map((a) => allowedHere(s, a.type)),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const machine = useSelector(actor, (s) => s.context.entity.lifecycle.machine);
  if (!snapshot) return null;
  if (!open)
    return (
      <Button
        variant="minimal"
        icon="flow-branch"
        data-testid="lifecycle-open-button"
        onClick={() => setOpen(true)}
      >
        {t('detail.lifecycle.show')}
      </Button>
    );
  return (
    <Suspense fallback={<Spinner size={20} />}>
      <RecordLifecycle
        machine={machine}
        value={snapshot.value}
        actions={actions.map((a, i) => {
          const v = verdicts[i]!;
          return { label: a.label, allowed: v.ok, reasonText: v.ok ? undefined : t(v.reasonKey, v.values) };
        })}
      />
    </Suspense>
  );
}

function LifecycleButton({ actor, action }: { actor: DetailActor; action: LifecycleAction }) {
  const verdict = useSelector(actor, (s) => allowedHere(s, action.type));
  const busy = useSelector(actor, selectIsBusy);
  const button = (
    <AnchorButton
      intent={action.intent}
      disabled={!verdict.ok || busy}
      data-action={action.type}
      onClick={() =>
        action.onClick
          ? action.onClick()
          : actor.send({
              type: 'lifecycle.command',
              command: { type: action.type, ...action.command },
              ask: action.ask,
            })
      }
    >
      {action.label}
    </AnchorButton>
  );
  return <ReasonTip verdict={verdict}>{button}</ReasonTip>;
}

/** The detail's command dialog, for whichever command it is open for. */
export function DetailCommandDialog({
  actor,
  dialogs,
}: {
  actor: DetailActor;
  dialogs: (type: string) => DialogDeclaration | undefined;
}) {
  const dialog = useSelector(actor, selectDialog);
  return (
    <CommandDialog
      dialog={dialog}
      declaration={dialog ? dialogs(dialog.command.type) : undefined}
      send={actor.send}
    />
  );
}

export interface HistoryLine {
  /** The fact's name as staff read it. */
  title: string;
  /** More about it: what changed, from → to. */
  details?: string[];
}

/** A history from the log, newest first: who, when, what and why (any page's entries). */
export function Timeline({
  entries,
  describe,
  title,
  testId,
}: {
  entries: HistoryEntry[];
  describe: (entry: HistoryEntry) => HistoryLine;
  title?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card className="kit-history" data-testid={testId}>
      <H5>{title ?? t('detail.history')}</H5>
      {entries.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('detail.history.empty')}</p>
      ) : (
        <ol className="kit-timeline">
          {entries.map((entry) => {
            const line = describe(entry);
            return (
              <li
                key={
                  entry.record ? `${entry.record.type}:${entry.record.id}:${entry.version}` : entry.version
                }
                data-event={entry.type}
              >
                <strong>{line.title}</strong>{' '}
                <span className={Classes.TEXT_MUTED}>
                  {atMinute(entry.occurred_at, i18n.language)} ·{' '}
                  {t('detail.history.by', {
                    actor:
                      entry.actor.role === 'system'
                        ? t('detail.history.apps')
                        : entry.actor.name || entry.actor.email || entry.actor.role || '—',
                  })}
                </span>
                {entry.reason && <div>{t('detail.history.reason', { reason: entry.reason })}</div>}
                {line.details?.map((d) => (
                  <div key={d} className={Classes.TEXT_MUTED}>
                    {d}
                  </div>
                ))}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

/** The detail record's history. */
export function HistoryTimeline({
  actor,
  describe,
  title,
}: {
  actor: DetailActor;
  describe: (entry: HistoryEntry) => HistoryLine;
  title?: string;
}) {
  const history = useSelector(actor, (s) => s.context.history);
  return <Timeline entries={history} describe={describe} title={title} />;
}

/**
 * "Someone else changed this": reload, or keep the edits and decide later (any page's conflict). Without edits of
 * the person's own (`edits` false: a command refused on a stale version), nothing is dropped by reloading: the
 * offer is to reload, or to close (which reads it as it is now too: there is nothing to put on top). Escape and ×
 * choose neither.
 */
export function ConflictOffer({
  open,
  onReload,
  onKeep,
  onDismiss,
  edits = true,
  meanwhile = [],
  describe,
}: {
  open: boolean;
  onReload: () => void;
  onKeep: () => void;
  /** Closed without a choice (Escape, ×): nothing is decided, and the next save meets the conflict again. */
  onDismiss: () => void;
  edits?: boolean;
  /** What the server says happened since the record was loaded (newest first), told as the page's history tells it. */
  meanwhile?: HistoryEntry[];
  describe?: (entry: HistoryEntry) => HistoryLine;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={open}
      onClose={onDismiss}
      title={t('detail.conflict.title')}
      icon="warning-sign"
      className="kit-conflict"
    >
      <DialogBody>
        <p>{t(edits ? 'detail.conflict.body' : 'detail.conflict.bodyNoEdits')}</p>
        {describe && meanwhile.length > 0 && (
          <Timeline
            entries={meanwhile}
            describe={describe}
            title={t('detail.conflict.meanwhile')}
            testId="conflict-meanwhile"
          />
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onKeep}>{t(edits ? 'detail.conflict.keep' : 'detail.conflict.close')}</Button>
            <Button intent={Intent.PRIMARY} onClick={onReload}>
              {t('detail.conflict.reload')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

/** The detail machine's conflict, with what happened meanwhile told as the page's history (`describe`) tells it. */
export function ConflictDialog({
  actor,
  describe,
}: {
  actor: DetailActor;
  describe: (entry: HistoryEntry) => HistoryLine;
}) {
  const open = useSelector(actor, selectConflict);
  const edits = useSelector(actor, selectHasEdits);
  const meanwhile = useSelector(actor, (s) => s.context.meanwhile);
  return (
    <ConflictOffer
      open={open}
      edits={edits}
      meanwhile={meanwhile}
      describe={describe}
      onReload={() => actor.send({ type: 'conflict.reload' })}
      onKeep={() => actor.send({ type: 'conflict.keepEditing' })}
      onDismiss={() => actor.send({ type: 'conflict.dismiss' })}
    />
  );
}

const RICH = /<[a-z][^>]*>/i;

/** What was typed and set aside, as it reads: rich text drawn (cleaned as the server would), lists as words. */
function SetAside({ typed, fieldLabel }: { typed: Form; fieldLabel?: (field: string) => string }) {
  const { t } = useTranslation();
  const shown = Object.entries(typed).flatMap(([field, value]) => {
    const text = Array.isArray(value) ? value.filter((v) => typeof v !== 'object').join(', ') : value;
    return typeof text === 'string' || typeof text === 'number' ? [[field, String(text)] as const] : [];
  });
  if (shown.length === 0) return null;
  return (
    <div className="kit-set-aside" data-testid="detail-set-aside">
      <p>{t('detail.setAside.typed')}</p>
      {shown.map(([field, text]) => (
        <div key={field} className="kit-set-aside-field">
          {fieldLabel?.(field) && <div className="kit-muted">{fieldLabel(field)}</div>}
          {RICH.test(text) ? (
            <div className="kit-rich-text" dangerouslySetInnerHTML={{ __html: sanitizeHtml(text) }} />
          ) : (
            <div className="kit-set-aside-text">{text}</div>
          )}
        </div>
      ))}
    </div>
  );
}
