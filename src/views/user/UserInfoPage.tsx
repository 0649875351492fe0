import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function UserInfoPage() {
  return <PlaceholderPage titleKey="menu.user.info" icon="user" />;
}
