import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function SuccessPage() {
  return <PlaceholderPage titleKey="menu.result.success" icon="tick-circle" />;
}
