import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function SystemSettingPage() {
  return <PlaceholderPage titleKey="menu.system.setting" icon="cog" />;
}
