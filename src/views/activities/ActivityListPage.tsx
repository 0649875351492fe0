import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function ActivityListPage() {
  return <PlaceholderPage titleKey="menu.activities.list" icon="timeline-events" />;
}
