import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function CardListPage() {
  return <PlaceholderPage titleKey="menu.list.cardList" icon="grid-view" />;
}
