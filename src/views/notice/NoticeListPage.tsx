import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function NoticeListPage() {
  return <PlaceholderPage titleKey="menu.notice.list" icon="notifications" />;
}
