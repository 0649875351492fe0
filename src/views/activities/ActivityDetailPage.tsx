import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function ActivityDetailPage() {
  return <PlaceholderPage titleKey="menu.activities.detail" icon="timeline-events" />;
}
