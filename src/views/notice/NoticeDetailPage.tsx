import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function NoticeDetailPage() {
  return <PlaceholderPage titleKey="menu.notice.detail" icon="notifications" />;
}
