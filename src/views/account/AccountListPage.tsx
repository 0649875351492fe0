import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function AccountListPage() {
  return <PlaceholderPage titleKey="menu.account.list" icon="people" />;
}
