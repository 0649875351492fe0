import { Breadcrumbs as BpBreadcrumbs, type BreadcrumbProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { parentOf } from '@/app/routes';
import { useCurrentRoute } from '@/views/common/route';

/** Home › group › page, from the route table; none on a page whose route says `breadcrumb: false`. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const current = useCurrentRoute();
  if (!current || current.breadcrumb === false) return null;
  const parent = parentOf(current.name);
  const items: BreadcrumbProps[] = [{ icon: 'home', text: t('breadcrumb.home') }];
  if (parent?.meta.locale) items.push({ text: t(parent.meta.locale) });
  if (current.locale) items.push({ text: t(current.locale), current: true });
  return (
    // Blueprint's list is itself the navigation landmark: named here in the page's language (it says "Breadcrumb").
    <div className="app-breadcrumb">
      <BpBreadcrumbs items={items} overflowListProps={{ navigationAriaLabel: t('breadcrumb.label') }} />
    </div>
  );
}
