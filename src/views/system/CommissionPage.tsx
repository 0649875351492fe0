import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function CommissionPage() {
  return <PlaceholderPage titleKey="menu.system.commission" icon="percentage" />;
}
