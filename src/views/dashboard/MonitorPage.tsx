import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function MonitorPage() {
  return <PlaceholderPage titleKey="menu.dashboard.monitor" icon="pulse" />;
}
