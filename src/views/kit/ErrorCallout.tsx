import { Button, Callout, Intent, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ErrorText } from '@/machines/app/apiErrors';
import { errorMessage } from '@/views/common/errorText';

/** A refusal or failure shown in place, once, in the person's language; nothing when there is none. */
export function ErrorCallout({
  error,
  title,
  className,
}: {
  error: ErrorText | null;
  title?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    // Said as it appears: the failure of what the person just did (a save, a command met by a change meanwhile).
    <Callout intent={Intent.DANGER} icon="warning-sign" title={title} className={className} role="alert">
      {errorMessage(t, error)}
    </Callout>
  );
}

/** Something the page needed could not be loaded: why, and a retry. */
export function LoadFailedState({
  error,
  title,
  onRetry,
  className,
}: {
  error: ErrorText | null;
  title: string;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <NonIdealState
      className={className}
      icon="error"
      title={title}
      description={error ? errorMessage(t, error) : undefined}
      action={<Button onClick={onRetry}>{t('detail.retry')}</Button>}
    />
  );
}
