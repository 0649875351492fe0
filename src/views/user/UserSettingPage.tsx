import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function UserSettingPage() {
  return <PlaceholderPage titleKey="menu.user.setting" icon="user" />;
}
