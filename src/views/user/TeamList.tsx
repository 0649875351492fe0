import { HTMLTable, Tag } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectUser } from '@/machines/app/sessionMachine';
import { selectMembers, teamPages } from '@/machines/screens/userInfoPages';
import { useAppActors } from '@/views/common/actors';
import { MemberAvatar } from './MemberAvatar';
import { FirstPageState } from './PagesFooter';
import { When } from './When';

/** The staff: each member's name, email, role and when they last acted. */
export function TeamList() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const me = useSelector(session, selectUser);
  const actor = useActorRef(teamPages);
  const members = useSelector(actor, selectMembers);
  return (
    <div className="user-info-team" data-testid="user-info-team">
      <FirstPageState actor={actor} />
      {members.length > 0 && (
        <HTMLTable className="user-info-table" compact striped>
          <thead>
            <tr>
              <th>{t('userInfo.team.member')}</th>
              <th>{t('userInfo.team.email')}</th>
              <th>{t('userInfo.team.role')}</th>
              <th>{t('userInfo.team.lastActed')}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id} data-testid="user-info-member" data-email={m.email}>
                <td>
                  <span className="user-info-member">
                    <MemberAvatar name={m.name || m.email} avatar={m.avatar} />
                    {m.name}
                    {m.id === me?.id && <Tag minimal>{t('userInfo.team.you')}</Tag>}
                  </span>
                </td>
                <td>{m.email}</td>
                <td>{t(`role.${m.role}`)}</td>
                <td>
                  {m.last_acted_at ? (
                    <When iso={m.last_acted_at} />
                  ) : (
                    <span className="bp6-text-muted">{t('userInfo.team.never')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
