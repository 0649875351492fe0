import { Callout, Card, H3, HTMLTable, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectUser } from '@/machines/app/sessionMachine';
import { useAppActors } from '@/views/common/actors';
import { PageFrame } from '@/views/common/PageFrame';

/** The landing page. Its full content comes later; it already shows who is signed in. */
export default function WorkplacePage() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const user = useSelector(session, selectUser);
  const role = user?.role ?? '';
  return (
    <PageFrame title={t('menu.dashboard.workplace')}>
      <Card className="workplace-welcome" elevation={0}>
        <H3 data-testid="workplace-welcome">
          {t('workplace.welcome', { name: user?.name ?? user?.email ?? '' })}
        </H3>
        <HTMLTable compact className="workplace-facts">
          <tbody>
            <tr>
              <th>{t('workplace.role')}</th>
              <td>
                <Tag
                  intent={role === 'admin' ? 'primary' : 'none'}
                  data-testid="workplace-role"
                  data-role={role}
                >
                  {role ? t(`role.${role}`) : '—'}
                </Tag>
              </td>
            </tr>
            {user?.email && (
              <tr>
                <th>{t('workplace.email')}</th>
                <td>{user.email}</td>
              </tr>
            )}
            {user?.organizationName && (
              <tr>
                <th>{t('workplace.organization')}</th>
                <td>{user.organizationName}</td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </Card>
      <Callout intent="primary" icon="info-sign" className="workplace-more">
        {t('workplace.more')}
      </Callout>
    </PageFrame>
  );
}
