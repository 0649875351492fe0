import { Button, Classes, FormGroup, InputGroup } from '@blueprintjs/core';
import { Spinner } from '@/views/kit/Spinner';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NoticeDto } from '@/contract/notices';
import { isSingleAudience } from '@/machines/lifecycles/noticeMachine';
import {
  recipientPickerMachine,
  type RecipientKind,
  type RecipientOption,
} from '@/machines/screens/recipientPickerMachine';
import { errorMessage } from '@/views/common/errorText';
import { describedField } from '@/views/kit/describedField';
import { FieldProblem, useField, type DetailActor } from '@/views/kit/detailScreen';

const INPUT_ID = 'notice-recipient_id';
const MATCHES_ID = 'notice-recipient-matches';
const STATUS_ID = 'notice-recipient-status';
const matchId = (index: number) => `notice-recipient-match-${index}`;

/** Where a supplier's or a customer's own page is. */
const pageOf = (kind: RecipientKind, id: number) =>
  kind === 'supplier' ? `/supply/detail?id=${id}` : `/account/detail?id=${id}`;

/**
 * The one supplier or customer of a single audience: typed by name or mobile and picked from the matches
 * (recipientPickerMachine.ts), the pick linked under the field. A refusal the server names for this field is shown
 * with its values (the id it could not find).
 */
export function RecipientField({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const { group, input } = useField(actor, 'recipient_id', 'notice.field.recipient_id');
  const audience = useSelector(actor, (s) => String(s.context.form.audience)) as NoticeDto['audience'];
  const record = useSelector(actor, (s) => s.context.record as NoticeDto | null);
  const fieldError = useSelector(actor, (s) => s.context.errors.recipient_id);
  const actionError = useSelector(actor, (s) => s.context.actionError);
  const picker = useActorRef(recipientPickerMachine);
  const picked = useSelector(picker, (s) => s.context.picked);
  const kind: RecipientKind = audience === 'customer' ? 'customer' : 'supplier';
  const formId = input.value;

  // The pick is told to the form; the form's value (a record loaded, the audience changed) is told to the picker.
  useEffect(() => {
    const sub = picker.on('recipient.changed', (e) =>
      actor.send({ type: 'field.change', field: 'recipient_id', value: e.id === null ? '' : String(e.id) }),
    );
    return () => sub.unsubscribe();
  }, [picker, actor]);
  // Also after a pick the form did not take (it was busy saving): the picker goes back to the form's value.
  useEffect(() => {
    const { context } = picker.getSnapshot();
    if (context.kind === kind && String(context.picked?.id ?? '') === formId) return;
    const stored = record && String(record.to_user_id) === formId ? record.to_user_name : null;
    picker.send({
      type: 'recipient.set',
      kind,
      picked: formId ? { id: Number(formId), name: stored || `#${formId}`, mobile: '', city: '' } : null,
    });
  }, [picker, kind, formId, record, picked]);

  if (!isSingleAudience(audience)) return null;
  const helper =
    fieldError && actionError?.keys.includes(fieldError) ? (
      <FieldProblem actor={actor} field="recipient_id">
        {errorMessage(t, actionError)}
      </FieldProblem>
    ) : (
      group.helperText
    );
  const described = describedField(
    INPUT_ID,
    helper ??
      (picked ? (
        <span data-testid="notice-recipient-name">
          <Link to={pageOf(kind, picked.id)}>{picked.name}</Link>
          {[picked.mobile, picked.city, `#${picked.id}`].filter(Boolean).map((part) => ` · ${part}`)}
        </span>
      ) : (
        t('notice.field.recipient.hint')
      )),
    fieldError !== undefined,
  );
  return (
    <FormGroup
      {...group}
      label={t(`notice.field.recipient.${kind}`)}
      labelFor={INPUT_ID}
      helperText={described.helperText}
    >
      <RecipientCombobox picker={picker} kind={kind} intent={input.intent} described={described.input} />
    </FormGroup>
  );
}

type PickerActor = ReturnType<typeof useActorRef<typeof recipientPickerMachine>>;

/** The field and its matches: a combobox (arrows move, Enter picks, Escape closes), as WAI-ARIA describes one. */
function RecipientCombobox({
  picker,
  kind,
  intent,
  described,
}: {
  picker: PickerActor;
  kind: RecipientKind;
  intent: ReturnType<typeof useField>['input']['intent'];
  /** The field's text under it and whether it is invalid (`describedField`); the search's status adds to it. */
  described: ReturnType<typeof describedField>['input'];
}) {
  const { t } = useTranslation();
  const text = useSelector(picker, (s) => s.context.text);
  const open = useSelector(picker, (s) => s.matches('open'));
  const active = useSelector(picker, (s) => (s.matches({ open: 'ready' }) ? s.context.active : -1));
  const failed = useSelector(picker, (s) => s.matches({ open: 'failed' }));
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      picker.send({ type: e.key === 'ArrowDown' ? 'recipient.next' : 'recipient.previous' });
    } else if (e.key === 'Enter' && open) {
      e.preventDefault(); // a pick (or, after a failed search, another try), not the form's save
      if (active >= 0) picker.send({ type: 'recipient.pick', index: active });
      else if (failed) picker.send({ type: 'recipient.retry' });
    } else if (e.key === 'Escape' && open) {
      e.stopPropagation();
      picker.send({ type: 'recipient.close' });
    }
  };
  return (
    <div className="notice-recipient-picker">
      <InputGroup
        id={INPUT_ID}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? MATCHES_ID : undefined}
        aria-activedescendant={active >= 0 ? matchId(active) : undefined}
        aria-invalid={described['aria-invalid']}
        aria-describedby={[described['aria-describedby'], STATUS_ID].filter(Boolean).join(' ')}
        autoComplete="off"
        leftIcon="search"
        intent={intent}
        placeholder={t('notice.field.recipient.placeholder')}
        value={text}
        onChange={(e) => picker.send({ type: 'recipient.type', text: e.target.value })}
        onKeyDown={onKeyDown}
        onClick={() => !open && picker.send({ type: 'recipient.open' })}
        onBlur={() => picker.send({ type: 'recipient.close' })}
      />
      {open && <Matches picker={picker} kind={kind} active={active} />}
      {/* Said by a screen reader as it changes, not shown (the matches show the same): the one live region, there
          whether the matches show or not. */}
      <span id={STATUS_ID} className="kit-visually-hidden" role="status">
        {open ? <SearchStatus picker={picker} kind={kind} /> : null}
      </span>
    </div>
  );
}

function Matches({ picker, kind, active }: { picker: PickerActor; kind: RecipientKind; active: number }) {
  const { t } = useTranslation();
  const matches = useSelector(picker, (s) => s.context.matches);
  const ready = useSelector(picker, (s) => s.matches({ open: 'ready' }));
  const failed = useSelector(picker, (s) => s.matches({ open: 'failed' }));
  const error = useSelector(picker, (s) => s.context.error);
  const q = useSelector(picker, (s) => s.context.text.trim());
  // Pressing in the list keeps the focus in the field (its blur would close the list before the pick).
  const keepFocus = (e: { preventDefault(): void }) => e.preventDefault();
  return (
    <div className={`notice-recipient-matches ${Classes.ELEVATION_2}`} onMouseDown={keepFocus}>
      {failed ? (
        <div className="notice-recipient-status">
          {/* The live region says the failure, and that Enter searches again; the button is for the pointer. */}
          <span aria-hidden="true">{error && errorMessage(t, error)}</span>
          <Button size="small" onClick={() => picker.send({ type: 'recipient.retry' })}>
            {t('notice.field.recipient.retry')}
          </Button>
        </div>
      ) : !ready ? (
        <div className="notice-recipient-status kit-muted" aria-hidden="true">
          <Spinner size={16} /> {t('notice.field.recipient.searching')}
        </div>
      ) : matches.length === 0 ? (
        <div className="notice-recipient-status kit-muted" aria-hidden="true">
          {q ? t(`notice.field.recipient.noMatch.${kind}`, { q }) : t(`notice.field.recipient.none.${kind}`)}
        </div>
      ) : null}
      <ul
        id={MATCHES_ID}
        role="listbox"
        aria-label={t(`notice.field.recipient.matches.${kind}`)}
        className={Classes.MENU}
        hidden={!ready || matches.length === 0}
      >
        {ready &&
          matches.map((m: RecipientOption, index) => (
            <li
              key={m.id}
              id={matchId(index)}
              role="option"
              aria-selected={index === active}
              className={`${Classes.MENU_ITEM} notice-recipient-match${index === active ? ` ${Classes.ACTIVE}` : ''}`}
              onClick={() => picker.send({ type: 'recipient.pick', index })}
            >
              <span className={`${Classes.FILL} notice-recipient-match-text`}>
                <span>{m.name}</span>
                <small className="kit-muted">
                  {[m.mobile, m.city, `#${m.id}`].filter(Boolean).join(' · ')}
                </small>
              </span>
            </li>
          ))}
      </ul>
    </div>
  );
}

/** What the live region says of the search: under way, failed, none, or how many matched. */
function SearchStatus({ picker, kind }: { picker: PickerActor; kind: RecipientKind }) {
  const { t } = useTranslation();
  const failed = useSelector(picker, (s) => s.matches({ open: 'failed' }));
  const ready = useSelector(picker, (s) => s.matches({ open: 'ready' }));
  const count = useSelector(picker, (s) => s.context.matches.length);
  const error = useSelector(picker, (s) => s.context.error);
  const q = useSelector(picker, (s) => s.context.text.trim());
  if (failed)
    return (
      <>
        {error && errorMessage(t, error)} {t('notice.field.recipient.retryHint')}
      </>
    );
  if (!ready) return <>{t('notice.field.recipient.searching')}</>;
  if (count === 0)
    return (
      <>{q ? t(`notice.field.recipient.noMatch.${kind}`, { q }) : t(`notice.field.recipient.none.${kind}`)}</>
    );
  return <>{t('notice.field.recipient.found', { count })}</>;
}
