import { Button, Callout, Checkbox, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectIsLoggingIn,
  selectLoginError,
  selectLoginValidation,
  selectRemembered,
} from '@/machines/app/sessionMachine';
import { useAppActors } from '@/views/common/actors';
import { errorMessage } from '@/views/common/errorText';
import { LocaleSwitch } from '@/views/common/LocaleSwitch';
import './login.css';

/** Login (SPEC §2, §5): username (fills `email`), password, remember password, forgot password, register. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const remembered = useSelector(session, selectRemembered);
  const validation = useSelector(session, selectLoginValidation);
  const loginError = useSelector(session, selectLoginError);
  const busy = useSelector(session, selectIsLoggingIn);
  // Form fields are the view's own state until submitted; the machine validates and logs in.
  const [username, setUsername] = useState(remembered.username);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered.rememberPassword);
  const [showPassword, setShowPassword] = useState(false);
  const [hint, setHint] = useState<'forgot' | 'register' | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    session.send({ type: 'session.login', username, password, remember });
  };
  const edit = () => {
    if (validation.username || validation.password || loginError)
      session.send({ type: 'session.editCredentials' });
  };

  return (
    <div className="login-page">
      <div className="login-banner" aria-hidden="true">
        <div className="login-banner-inner">
          <div className="login-logo">MA</div>
          <div className="login-banner-title">{t('app.title')}</div>
          <div className="login-banner-subtitle">{t('login.form.subtitle')}</div>
        </div>
      </div>
      <main className="login-main">
        <div className="login-locale">
          <LocaleSwitch />
        </div>
        <form className="login-form" onSubmit={submit} noValidate aria-labelledby="login-title">
          <H2 id="login-title" className="login-title">
            {t('login.form.title')}
          </H2>
          {loginError && (
            <Callout
              intent="danger"
              className="login-error"
              role="alert"
              data-testid="login-error"
              title={t(loginError.key)}
            >
              <span className="login-error-detail">{errorMessage(t, loginError.reason)}</span>
            </Callout>
          )}
          <FormGroup
            label={t('login.form.userName.label')}
            labelFor="login-username"
            intent={validation.username ? 'danger' : 'none'}
            helperText={validation.username ? <span role="alert">{t(validation.username)}</span> : undefined}
          >
            <InputGroup
              id="login-username"
              name="username"
              autoComplete="username"
              autoFocus
              large
              leftIcon="user"
              placeholder={t('login.form.userName.placeholder')}
              intent={validation.username ? 'danger' : 'none'}
              value={username}
              onValueChange={(v) => {
                setUsername(v);
                edit();
              }}
            />
          </FormGroup>
          <FormGroup
            label={t('login.form.password.label')}
            labelFor="login-password"
            intent={validation.password ? 'danger' : 'none'}
            helperText={validation.password ? <span role="alert">{t(validation.password)}</span> : undefined}
          >
            <InputGroup
              id="login-password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              large
              leftIcon="lock"
              placeholder={t('login.form.password.placeholder')}
              intent={validation.password ? 'danger' : 'none'}
              value={password}
              onValueChange={(v) => {
                setPassword(v);
                edit();
              }}
              rightElement={
                <Button
                  variant="minimal"
                  icon={showPassword ? 'eye-off' : 'eye-open'}
                  aria-label={t(showPassword ? 'login.form.hidePassword' : 'login.form.showPassword')}
                  onClick={() => setShowPassword((s) => !s)}
                />
              }
            />
          </FormGroup>
          <div className="login-options">
            <Checkbox
              checked={remember}
              label={t('login.form.rememberPassword')}
              onChange={(e) => setRemember(e.currentTarget.checked)}
            />
            <Button
              variant="minimal"
              size="small"
              intent="primary"
              onClick={() => setHint(hint === 'forgot' ? null : 'forgot')}
            >
              {t('login.form.forgetPassword')}
            </Button>
          </div>
          <Button
            type="submit"
            intent="primary"
            size="large"
            fill
            loading={busy}
            text={t('login.form.login')}
          />
          <Button
            className="login-register"
            variant="minimal"
            fill
            onClick={() => setHint(hint === 'register' ? null : 'register')}
            text={t('login.form.register')}
          />
          {hint && (
            <Callout intent="primary" className="login-hint">
              {t(hint === 'forgot' ? 'login.form.forgetPassword.hint' : 'login.form.register.hint')}
            </Callout>
          )}
        </form>
      </main>
    </div>
  );
}
