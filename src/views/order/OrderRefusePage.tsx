import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function OrderRefusePage() {
  return <PlaceholderPage titleKey="menu.order.refuse" icon="shopping-cart" />;
}
