// Placeholder until the supplier pages land (issue 4 replaces this file).
import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function SupplyListPage() {
  return <PlaceholderPage titleKey="menu.supply.list" icon="shop" />;
}
