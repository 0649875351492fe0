import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function UpdateServiceCityPage() {
  return <PlaceholderPage titleKey="menu.system.updateServiceCity" icon="map" />;
}
