import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function BasicProfilePage() {
  return <PlaceholderPage titleKey="menu.profile.basic" icon="id-number" />;
}
