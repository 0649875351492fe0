import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function OrderRenewPage() {
  return <PlaceholderPage titleKey="menu.order.renew" icon="shopping-cart" />;
}
