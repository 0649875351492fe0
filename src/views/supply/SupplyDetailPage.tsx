// Placeholder until the supplier pages land (issue 4 replaces this file).
import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function SupplyDetailPage() {
  return <PlaceholderPage titleKey="menu.supply.detail" icon="shop" />;
}
