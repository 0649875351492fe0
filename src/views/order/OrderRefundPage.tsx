import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function OrderRefundPage() {
  return <PlaceholderPage titleKey="menu.order.refund" icon="shopping-cart" />;
}
