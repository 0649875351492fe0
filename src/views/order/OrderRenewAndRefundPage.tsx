import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function OrderRenewAndRefundPage() {
  return <PlaceholderPage titleKey="menu.order.renewAndRefund" icon="shopping-cart" />;
}
