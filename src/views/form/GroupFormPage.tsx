import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function GroupFormPage() {
  return <PlaceholderPage titleKey="menu.form.group" icon="form" />;
}
