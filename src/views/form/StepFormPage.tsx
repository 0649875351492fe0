import { Button, FormGroup, Icon, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { Select } from '@/views/kit/Select';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CHANNEL_LIMITS, CHANNEL_TYPES, PROMOTE_HOST, type ChannelField } from '@/contract/channels';
import { countText } from '@/contract/textCount';
import { channelStepForm } from '@/machines/screens/channelScreens';
import { selectTyped, type StepName } from '@/machines/screens/stepFormMachine';
import { PageFrame } from '@/views/common/PageFrame';
import { ErrorCallout } from '@/views/kit/ErrorCallout';
import { useUnsavedTab } from '@/views/layout/unsavedTab';
import './stepForm.css';

type StepFormActor = ReturnType<typeof useActorRef<typeof channelStepForm>>;

/** The values the rules' messages are filled in with. */
const RULE_VALUES = { host: PROMOTE_HOST, ...CHANNEL_LIMITS };

/**
 * /form/step: a promotion channel created in two steps and saved on the server; it ends on the result page, which
 * links to the search table where the channel is listed. The steps and rules are stepFormMachine.ts; this renders.
 */
export default function StepFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actor = useActorRef(channelStepForm);
  const step = useSelector(actor, (s) => (s.value === 'creating' ? 'advertising' : (s.value as StepName)));
  const creating = useSelector(actor, (s) => s.value === 'creating');
  const serverError = useSelector(actor, (s) => s.context.serverError);
  // Closing the page's tab, or the browser's, asks first while the form holds what was typed.
  useUnsavedTab(useSelector(actor, selectTyped));

  useEffect(() => {
    const sub = actor.on('channel.created', ({ channel }) => {
      const params = new URLSearchParams({ what: channel.name, list: '/list/search-table' });
      navigate(`/result/success?${params}`);
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);

  return (
    <PageFrame title={t('channel.step.title')}>
      <div className="step-form">
        <Steps current={step} />
        <form
          className="step-form-body"
          noValidate
          data-testid={`step-${step}`}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: step === 'channel' ? 'step.next' : 'step.submit' });
          }}
        >
          {serverError && <ErrorCallout error={serverError} />}
          {step === 'channel' ? <ChannelStep actor={actor} /> : <AdvertisingStep actor={actor} />}
          <div className="step-form-actions">
            {step === 'advertising' && (
              <Button disabled={creating} onClick={() => actor.send({ type: 'step.back' })}>
                {t('channel.step.back')}
              </Button>
            )}
            <Button type="submit" intent={Intent.PRIMARY} loading={creating}>
              {t(step === 'channel' ? 'channel.step.next' : 'channel.step.submit')}
            </Button>
          </div>
        </form>
      </div>
    </PageFrame>
  );
}

const STEPS = ['channel', 'advertising', 'done'] as const;

function Steps({ current }: { current: StepName }) {
  const { t } = useTranslation();
  const at = STEPS.indexOf(current);
  return (
    <ol className="step-form-steps">
      {STEPS.map((name, i) => {
        const state = i < at ? 'finished' : i === at ? 'current' : 'waiting';
        return (
          <li
            key={name}
            className={`step-form-step step-form-step-${state}`}
            data-step={name}
            data-state={state}
          >
            <span className="step-form-step-number">{i < at ? <Icon icon="tick" size={12} /> : i + 1}</span>
            <span>
              <strong>{t(`channel.step.${name}`)}</strong>
              <small>{t(`channel.step.${name}.hint`)}</small>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** One field: its label, its control, and its rule's message when broken. */
function Field({
  actor,
  field,
  label,
  children,
  helper,
}: {
  actor: StepFormActor;
  field: ChannelField;
  label: string;
  children: ReactNode;
  helper?: string;
}) {
  const { t } = useTranslation();
  const error = useSelector(actor, (s) => s.context.errors[field]);
  return (
    <FormGroup
      label={label}
      labelFor={`channel-${field}`}
      labelInfo="*"
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={error ? <span data-error={field}>{t(error, RULE_VALUES)}</span> : helper}
    >
      {children}
    </FormGroup>
  );
}

function useField(actor: StepFormActor, field: ChannelField) {
  const value = useSelector(actor, (s) => s.context.values[field]);
  const error = useSelector(actor, (s) => Boolean(s.context.errors[field]));
  return {
    id: `channel-${field}`,
    value,
    intent: error ? Intent.DANGER : Intent.NONE,
    onChange: (e: { target: { value: string } }) =>
      actor.send({ type: 'field.change', field, value: e.target.value }),
  };
}

function ChannelStep({ actor }: { actor: StepFormActor }) {
  const { t } = useTranslation();
  const name = useField(actor, 'name');
  const type = useField(actor, 'channel_type');
  const from = useField(actor, 'promote_from');
  const to = useField(actor, 'promote_to');
  const link = useField(actor, 'promote_link');
  return (
    <>
      <Field actor={actor} field="name" label={t('channel.field.name')}>
        <InputGroup
          {...name}
          autoFocus
          placeholder={t('channel.field.name.placeholder', { max: CHANNEL_LIMITS.name })}
        />
      </Field>
      <Field actor={actor} field="channel_type" label={t('channel.field.type')}>
        <Select
          id={type.id}
          value={type.value}
          onChange={type.onChange}
          fill
          options={[
            { value: '', label: t('channel.field.type.placeholder') },
            ...CHANNEL_TYPES.map((v) => ({ value: v, label: t(`channel.type.${v}`) })),
          ]}
        />
      </Field>
      <div className="step-form-pair">
        <Field
          actor={actor}
          field="promote_from"
          label={`${t('channel.field.time')} · ${t('channel.field.from')}`}
        >
          <InputGroup {...from} type="date" aria-label={t('channel.field.from')} />
        </Field>
        <Field actor={actor} field="promote_to" label={t('channel.field.to')}>
          <InputGroup {...to} type="date" aria-label={t('channel.field.to')} />
        </Field>
      </div>
      <Field actor={actor} field="promote_link" label={t('channel.field.link')}>
        <InputGroup
          {...link}
          leftIcon="link"
          placeholder={t('channel.field.link.placeholder', { host: PROMOTE_HOST })}
        />
      </Field>
    </>
  );
}

function AdvertisingStep({ actor }: { actor: StepFormActor }) {
  const { t } = useTranslation();
  const source = useField(actor, 'ad_source');
  const media = useField(actor, 'ad_media');
  const keywords = useField(actor, 'keywords');
  const content = useField(actor, 'ad_content');
  const words = countText(content.value.trim()).words;
  return (
    <>
      <div className="step-form-pair">
        <Field actor={actor} field="ad_source" label={t('channel.field.source')}>
          <InputGroup {...source} autoFocus placeholder={t('channel.field.source.placeholder')} />
        </Field>
        <Field actor={actor} field="ad_media" label={t('channel.field.media')}>
          <InputGroup {...media} placeholder={t('channel.field.media.placeholder')} />
        </Field>
      </div>
      <Field actor={actor} field="keywords" label={t('channel.field.keywords')}>
        <InputGroup {...keywords} leftIcon="tag" placeholder={t('channel.field.keywords.placeholder')} />
      </Field>
      <Field
        actor={actor}
        field="ad_content"
        label={t('channel.field.content')}
        helper={t('channel.field.content.count', { words, max: CHANNEL_LIMITS.contentWords })}
      >
        <TextArea {...content} fill rows={5} />
      </Field>
    </>
  );
}
