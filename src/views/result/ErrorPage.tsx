import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function ErrorPage() {
  return <PlaceholderPage titleKey="menu.result.error" icon="error" />;
}
