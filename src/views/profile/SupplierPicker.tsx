import { Button, Card, Classes, H5, InputGroup } from '@blueprintjs/core';
import { Spinner } from '@/views/kit/Spinner';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ListQuery } from '@/contract/list';
import type { SupplierListItem } from '@/contract/suppliers';
import { selectRole, selectUser } from '@/machines/app/sessionMachine';
import { PICKER_QUERY, supplierSearch } from '@/machines/screens/basicProfileScreens';
import { SUPPLIER_SPEC, supplierScreen } from '@/machines/screens/supplierScreens';
import { useAppActors } from '@/views/common/actors';
import { errorMessage } from '@/views/common/errorText';

/**
 * The supplier list machine for a query of this page's own (not the address bar's): the newest supplier waiting
 * for audit, or the picker's matches.
 */
export function useSupplierSearch(query: ListQuery) {
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  const viewerId = useSelector(session, (s) => selectUser(s)?.id ?? null);
  return useActorRef(supplierSearch, {
    input: { entity: supplierScreen, spec: SUPPLIER_SPEC, role, viewerId, query },
  });
}

/** A search of the suppliers (name, real name, mobile); each match opens its basic profile. */
export function SupplierPicker({ current }: { current: number | null }) {
  const { t } = useTranslation();
  const actor = useSupplierSearch(PICKER_QUERY);
  const searchText = useSelector(actor, (s) => s.context.searchText);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadError = useSelector(actor, (s) => (s.matches('loadFailed') ? s.context.loadError : null));
  const items = useSelector(actor, (s) => s.context.items) as unknown as SupplierListItem[];
  const search = () => actor.send({ type: 'query.submit' });
  return (
    <Card className="basic-profile-picker" data-testid="supplier-picker">
      <H5>{t('starter.profile.pick.title')}</H5>
      <InputGroup
        leftIcon="search"
        placeholder={t('starter.profile.pick.placeholder')}
        aria-label={t('starter.profile.pick.title')}
        value={searchText}
        onChange={(e) => actor.send({ type: 'query.type', text: e.target.value })}
        onKeyDown={(e) => e.key === 'Enter' && search()}
        rightElement={
          <Button variant="minimal" onClick={search}>
            {t('list.search')}
          </Button>
        }
      />
      {loadError ? (
        <p className={Classes.TEXT_MUTED}>
          {t('starter.profile.pick.failed')} {errorMessage(t, loadError)}
        </p>
      ) : loading ? (
        <Spinner size={20} />
      ) : items.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('starter.profile.pick.none')}</p>
      ) : (
        <ul className="basic-profile-matches">
          {items.map((s) => (
            <li key={s.id} aria-current={s.id === current ? 'true' : undefined}>
              <Link to={`/profile/basic?id=${s.id}`} data-supplier-id={s.id}>
                {s.name}
              </Link>
              <span className={Classes.TEXT_MUTED}>
                {s.city} · {t(`supply.audit.${s.audit_state}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
