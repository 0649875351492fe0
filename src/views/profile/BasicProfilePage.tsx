import './profile.css';
import { Card, H5, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { Spinner } from '@/views/kit/Spinner';
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { SupplierDto } from '@/contract/suppliers';
import { LATEST_SUBMITTED, supplierProfileDetail } from '@/machines/screens/basicProfileScreens';
import { supplierScreen } from '@/machines/screens/supplierScreens';
import { PageFrame } from '@/views/common/PageFrame';
import { LoadFailedState } from '@/views/kit/ErrorCallout';
import { namesRecord, useDetailScreen, useIdParam } from '@/views/kit/detailScreen';
import { AuditSteps } from './AuditSteps';
import { SupplierPicker, useSupplierSearch } from './SupplierPicker';

const PATH = '/profile/basic';

const AUDIT_INTENT = {
  waiting_audit: Intent.WARNING,
  pass: Intent.SUCCESS,
  reject: Intent.DANGER,
} as const;

/**
 * /profile/basic?id=…: one supplier's basic facts and its audit flow as steps, read from its stored history; with
 * no id, the supplier most recently submitted for audit. A search beside it opens another.
 */
export default function BasicProfilePage() {
  const { t } = useTranslation();
  const id = useShownId();
  return (
    <PageFrame title={t('starter.profile.title')}>
      <div className="basic-profile">
        <div className="basic-profile-main">
          {id === null ? <LatestSubmitted /> : <SupplierProfile key={id} id={id} />}
        </div>
        <SupplierPicker current={id} />
      </div>
    </PageFrame>
  );
}

/**
 * The supplier the address names (`?id=`), kept while the page is cached in a tab behind another page (whose own
 * `?id=` names no supplier).
 */
function useShownId(): number | null {
  const id = useIdParam();
  const here = useLocation().pathname === PATH;
  const [shown, setShown] = useState(id);
  if (here && id !== shown) setShown(id);
  return here ? id : shown;
}

/** No supplier named: the newest of those waiting for audit, or a clear "none". */
function LatestSubmitted() {
  const { t } = useTranslation();
  const actor = useSupplierSearch(LATEST_SUBMITTED);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const latest = useSelector(actor, (s) => s.context.items[0]?.id ?? null);
  if (failed)
    return (
      <LoadFailedState
        error={loadError}
        title={t('list.loadFailed')}
        onRetry={() => actor.send({ type: 'list.retry' })}
      />
    );
  if (loading) return <Spinner />;
  if (latest === null)
    return (
      <NonIdealState
        icon="search"
        title={t('starter.profile.none.title')}
        description={t('starter.profile.none.text')}
      />
    );
  return <SupplierProfile key={latest} id={latest} latest />;
}

function SupplierProfile({ id, latest = false }: { id: number; latest?: boolean }) {
  const { t } = useTranslation();
  const actor = useDetailScreen(supplierProfileDetail, { id, entity: supplierScreen });
  const loading = useSelector(actor, (s) => s.matches('starting') || s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const missing = useSelector(actor, (s) => s.matches('missing'));
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const supplier = useSelector(actor, (s) => s.context.record as SupplierDto | null);
  const history = useSelector(actor, (s) => s.context.history);
  if (missing)
    return (
      <NonIdealState
        icon="search"
        title={t('starter.profile.missing.title')}
        description={namesRecord(id) ? t('starter.profile.missing.text', { id }) : t('detail.missing')}
        className="basic-profile-missing"
      />
    );
  if (failed)
    return (
      <LoadFailedState
        error={loadError}
        title={t('detail.loadFailed')}
        onRetry={() => actor.send({ type: 'detail.retry' })}
      />
    );
  if (loading || !supplier) return <Spinner />;
  return (
    <>
      <Card className="basic-profile-facts" data-testid="supplier-facts" data-supplier-id={supplier.id}>
        <div className="basic-profile-heading">
          <H5>
            {t('starter.profile.facts')}
            {latest && <span className="basic-profile-hint">{t('starter.profile.latest')}</span>}
          </H5>
          <Link to={`/supply/detail?id=${supplier.id}`} data-testid="supplier-detail-link">
            {t('starter.profile.openDetail')}
          </Link>
        </div>
        <dl className="basic-profile-list">
          <Fact label={t('starter.profile.field.id')}>{supplier.id}</Fact>
          <Fact label={t('supply.column.name')}>{supplier.name}</Fact>
          <Fact label={t('supply.column.city')}>{supplier.city}</Fact>
          <Fact label={t('supply.column.mobile')}>{supplier.mobile}</Fact>
          <Fact label={t('supply.column.realName')}>{supplier.real_name}</Fact>
          <Fact label={t('supply.column.audit')}>
            <Tag minimal intent={AUDIT_INTENT[supplier.audit_state]} data-testid="supplier-audit">
              {t(`supply.audit.${supplier.audit_state}`)}
            </Tag>
          </Fact>
          <Fact label={t('supply.column.enabled')}>
            <Tag minimal intent={supplier.is_enabled ? Intent.SUCCESS : Intent.NONE}>
              {t(`supply.enabled.${supplier.is_enabled}`)}
            </Tag>
          </Fact>
        </dl>
      </Card>
      <AuditSteps history={history} />
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="basic-profile-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
