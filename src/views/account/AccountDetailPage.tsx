import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function AccountDetailPage() {
  return <PlaceholderPage titleKey="menu.account.detail" icon="people" />;
}
