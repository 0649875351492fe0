import { Button, Callout, FormGroup, InputGroup, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { passwordFormMachine, type PasswordField } from '@/machines/screens/passwordFormMachine';
import { PageFrame } from '@/views/common/PageFrame';
import { ErrorCallout } from '@/views/kit/ErrorCallout';

/**
 * /user/setting: the member's own settings. Security settings (changing the password) is built; basic information
 * and certification are not yet, and say so.
 */
export default function UserSettingPage() {
  const { t } = useTranslation();
  const later = <NonIdealState icon="build" description={t('user.setting.later')} />;
  return (
    <PageFrame title={t('menu.user.setting')}>
      <Tabs id="user-setting" defaultSelectedTabId="security" renderActiveTabPanelOnly>
        <Tab id="basic" title={t('user.setting.basic')} panel={later} />
        <Tab id="security" title={t('user.setting.security')} panel={<PasswordForm />} />
        <Tab id="certification" title={t('user.setting.certification')} panel={later} />
      </Tabs>
    </PageFrame>
  );
}

const FIELDS: Array<{ field: PasswordField; label: string; autoComplete: string }> = [
  { field: 'current', label: 'user.password.current', autoComplete: 'current-password' },
  { field: 'next', label: 'user.password.next', autoComplete: 'new-password' },
  { field: 'confirm', label: 'user.password.confirm', autoComplete: 'new-password' },
];

function PasswordForm() {
  const { t } = useTranslation();
  const actor = useActorRef(passwordFormMachine);
  const context = useSelector(actor, (s) => s.context);
  const sending = useSelector(actor, (s) => s.matches('sending'));
  const changed = useSelector(actor, (s) => s.matches('changed'));
  return (
    <form
      className="password-form"
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
          {t('user.password.changed')} {t('user.password.signedOut', { count: context.signedOut ?? 0 })}
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
