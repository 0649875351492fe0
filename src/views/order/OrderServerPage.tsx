import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function OrderServerPage() {
  return <PlaceholderPage titleKey="menu.order.server" icon="shopping-cart" />;
}
