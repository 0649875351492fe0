import { Button, Callout, FormGroup, InputGroup, Tab, Tabs, TextArea } from '@blueprintjs/core';
import { Select } from '@/views/kit/Select';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_REGIONS, PROFILE_LIMITS, type ProfileField } from '@/contract/profile';
import { countText } from '@/contract/textCount';
import { selectUser } from '@/machines/app/sessionMachine';
import {
  emailChanged,
  profileFormMachine,
  profileValuesOf,
  type ProfileFormField,
} from '@/machines/screens/profileFormMachine';
import { useAppActors } from '@/views/common/actors';
import {
  NO_PASSWORDS,
  passwordFormMachine,
  type PasswordField,
} from '@/machines/screens/passwordFormMachine';
import { PageFrame } from '@/views/common/PageFrame';
import { useSectionParam } from '@/views/common/sectionParam';
import { ErrorCallout } from '@/views/kit/ErrorCallout';
import { selectFormUnsaved } from '@/machines/screens/formMachine';
import { useReportUnsaved, useUnsavedParts, type UnsavedReport } from '@/views/layout/unsavedTab';
import { CertificationPanel } from './CertificationPanel';

/**
 * /user/setting: the member's own settings: basic information, the password, and real-name certification
 * (CertificationPanel.tsx). A section shown once stays open while another is shown, so switching keeps what was
 * typed; closing the page's tab asks first while any section holds it.
 */
const SECTIONS = ['basic', 'security', 'certification'] as const;
type Section = (typeof SECTIONS)[number];

export default function UserSettingPage() {
  const { t } = useTranslation();
  const [section, choose] = useSectionParam('/user/setting', SECTIONS, 'basic');
  // A section opens when first shown and stays open after: none mounts hidden (a table measures itself as it mounts).
  const opened = useRef(new Set<Section>()).current;
  opened.add(section);
  const openedOnly = (id: Section, panel: JSX.Element) => (opened.has(id) ? panel : undefined);
  const reportOf = useUnsavedParts(SECTIONS);
  return (
    <PageFrame title={t('menu.user.setting')}>
      <Tabs id="user-setting" selectedTabId={section} onChange={(id) => choose(id as Section)}>
        <Tab
          id="basic"
          title={t('user.setting.basic')}
          panel={openedOnly('basic', <ProfileForm onUnsaved={reportOf.basic} />)}
        />
        <Tab
          id="security"
          title={t('user.setting.security')}
          panel={openedOnly('security', <PasswordForm onUnsaved={reportOf.security} />)}
        />
        <Tab
          id="certification"
          title={t('user.setting.certification')}
          panel={openedOnly('certification', <CertificationPanel onUnsaved={reportOf.certification} />)}
        />
      </Tabs>
    </PageFrame>
  );
}

const FIELDS: Array<{ field: PasswordField; label: string; autoComplete: string }> = [
  { field: 'current', label: 'user.password.current', autoComplete: 'current-password' },
  { field: 'next', label: 'user.password.next', autoComplete: 'new-password' },
  { field: 'confirm', label: 'user.password.confirm', autoComplete: 'new-password' },
];

function PasswordForm({ onUnsaved }: { onUnsaved: UnsavedReport }) {
  const { t } = useTranslation();
  const actor = useActorRef(passwordFormMachine, { input: { values: NO_PASSWORDS } });
  useReportUnsaved(useSelector(actor, selectFormUnsaved), onUnsaved);
  const context = useSelector(actor, (s) => s.context);
  const sending = useSelector(actor, (s) => s.value === 'sending');
  const changed = useSelector(actor, (s) => s.value === 'saved');
  const signedOut = context.saved?.signed_out_sessions ?? 0;
  return (
    <form
      className="password-form"
      noValidate
      data-testid="password-form"
      style={{ maxWidth: 420 }}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <h4 className="bp6-heading">{t('user.password.title')}</h4>
      <p className="bp6-text-muted">{t('user.password.hint')}</p>
      {changed && (
        <Callout intent="success" icon="tick" data-testid="password-changed" style={{ marginBottom: 16 }}>
          {t('user.password.changed')}
          {/* Only when there were others: "0 other sessions were signed out" says nothing. */}
          {signedOut > 0 && ` ${t('user.password.signedOut', { count: signedOut })}`}
        </Callout>
      )}
      <ErrorCallout error={context.serverError} />
      {FIELDS.map(({ field, label, autoComplete }) => {
        const error = context.errors[field];
        return (
          <FormGroup
            key={field}
            label={t(label)}
            labelFor={`password-${field}`}
            intent={error ? 'danger' : 'none'}
            helperText={error ? t(error) : undefined}
          >
            <InputGroup
              id={`password-${field}`}
              type="password"
              autoComplete={autoComplete}
              value={context.values[field]}
              intent={error ? 'danger' : 'none'}
              disabled={sending}
              onValueChange={(value) => actor.send({ type: 'field.change', field, value })}
            />
          </FormGroup>
        );
      })}
      <Button type="submit" intent="primary" loading={sending} text={t('user.password.save')} />
    </form>
  );
}

const TEXT_FIELDS: Array<{ field: ProfileField; type: string; autoComplete: string }> = [
  { field: 'email', type: 'email', autoComplete: 'email' },
  { field: 'nickname', type: 'text', autoComplete: 'nickname' },
];

function ProfileForm({ onUnsaved }: { onUnsaved: UnsavedReport }) {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const user = useSelector(session, selectUser);
  const actor = useActorRef(profileFormMachine, { input: { values: profileValuesOf(user) } });
  useReportUnsaved(useSelector(actor, selectFormUnsaved), onUnsaved);
  const context = useSelector(actor, (s) => s.context);
  const sending = useSelector(actor, (s) => s.value === 'sending');
  const saved = useSelector(actor, (s) => s.value === 'saved');
  useEffect(() => {
    const sub = actor.on('form.saved', (e) => session.send({ type: 'session.userUpdated', user: e.output }));
    return () => sub.unsubscribe();
  }, [actor, session]);
  const words = countText(context.values.profile).words;
  const field = (name: ProfileFormField, control: React.ReactNode, helper?: string, required = true) => {
    const error = context.errors[name];
    return (
      <FormGroup
        label={t(name === 'current_password' ? 'user.password.current' : `user.profile.${name}`)}
        labelFor={`profile-${name}`}
        labelInfo={required ? t('user.profile.required') : undefined}
        intent={error ? 'danger' : 'none'}
        helperText={error ? t(error, { ...PROFILE_LIMITS }) : helper}
      >
        {control}
      </FormGroup>
    );
  };
  const change = (name: ProfileFormField) => (value: string) =>
    actor.send({ type: 'field.change', field: name, value });
  return (
    <form
      className="profile-form"
      noValidate
      data-testid="profile-form"
      style={{ maxWidth: 520 }}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      {saved && (
        <Callout intent="success" icon="tick" data-testid="profile-saved" style={{ marginBottom: 16 }}>
          {t('user.profile.saved')}
        </Callout>
      )}
      <ErrorCallout error={context.serverError} />
      {TEXT_FIELDS.map(({ field: name, type, autoComplete }) =>
        field(
          name,
          <InputGroup
            id={`profile-${name}`}
            type={type}
            autoComplete={autoComplete}
            value={context.values[name]}
            intent={context.errors[name] ? 'danger' : 'none'}
            disabled={sending}
            onValueChange={change(name)}
          />,
        ),
      )}
      {emailChanged(context.values) &&
        field(
          'current_password',
          <InputGroup
            id="profile-current_password"
            type="password"
            autoComplete="current-password"
            value={context.values.current_password}
            intent={context.errors.current_password ? 'danger' : 'none'}
            disabled={sending}
            onValueChange={change('current_password')}
          />,
          t('user.profile.passwordForEmailHint'),
        )}
      {field(
        'country_region',
        <Select
          id="profile-country_region"
          value={context.values.country_region}
          disabled={sending}
          onChange={(e) => change('country_region')(e.currentTarget.value)}
          options={[
            { value: '', label: t('user.profile.choose') },
            ...COUNTRY_REGIONS.map((code) => ({ value: code, label: t(`user.country.${code}`) })),
          ]}
        />,
      )}
      {(['area', 'address'] as const).map((name) =>
        field(
          name,
          <InputGroup
            id={`profile-${name}`}
            autoComplete={name === 'address' ? 'street-address' : 'address-level1'}
            value={context.values[name]}
            intent={context.errors[name] ? 'danger' : 'none'}
            disabled={sending}
            onValueChange={change(name)}
          />,
          undefined,
          name === 'area',
        ),
      )}
      {field(
        'profile',
        <TextArea
          id="profile-profile"
          fill
          rows={5}
          value={context.values.profile}
          intent={context.errors.profile ? 'danger' : 'none'}
          disabled={sending}
          onChange={(e) => change('profile')(e.currentTarget.value)}
        />,
        t('user.profile.words', { count: words, max: PROFILE_LIMITS.profileWords }),
        false,
      )}
      <Button type="submit" intent="primary" loading={sending} text={t('user.profile.save')} />
    </form>
  );
}
