import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function ServiceCityPage() {
  return <PlaceholderPage titleKey="menu.system.serviceCity" icon="map" />;
}
