import { Button } from '@blueprintjs/core';
import { Spinner } from '@/views/kit/Spinner';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { cursorPagesMachine } from '@/machines/screens/cursorPagesMachine';
import { ErrorCallout, LoadFailedState } from '@/views/kit/ErrorCallout';

export type PagesActor = ActorRefFrom<typeof cursorPagesMachine>;

/** While the first page loads: a spinner; when it failed: why, and a retry. Nothing once it came. */
export function FirstPageState({ actor }: { actor: PagesActor }) {
  const { t } = useTranslation();
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  if (loading) return <Spinner className="user-info-spinner" size={32} />;
  if (failed) {
    return (
      <LoadFailedState
        error={error}
        title={t('userInfo.loadFailed')}
        onRetry={() => actor.send({ type: 'pages.retry' })}
      />
    );
  }
  return null;
}

/** Below a list: "show more" while there is another page, why the last one failed, or that all is shown. */
export function PagesFooter({ actor, testId }: { actor: PagesActor; testId: string }) {
  const { t } = useTranslation();
  const ready = useSelector(actor, (s) => s.matches('ready') || s.matches('loadingMore'));
  const more = useSelector(actor, (s) => s.can({ type: 'pages.more' }));
  const loadingMore = useSelector(actor, (s) => s.matches('loadingMore'));
  const error = useSelector(actor, (s) => s.context.error);
  const any = useSelector(actor, (s) => s.context.pages.some((p) => p.items.length > 0));
  if (!ready) return null;
  return (
    <div className="user-info-footer">
      <ErrorCallout error={error} title={t('userInfo.moreFailed')} className="user-info-more-error" />
      {more || loadingMore ? (
        <Button
          variant="outlined"
          loading={loadingMore}
          onClick={() => actor.send({ type: 'pages.more' })}
          data-testid={`${testId}-more`}
        >
          {t('userInfo.more')}
        </Button>
      ) : (
        any && <span className="bp6-text-muted">{t('userInfo.allShown')}</span>
      )}
    </div>
  );
}
