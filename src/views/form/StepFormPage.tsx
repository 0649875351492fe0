import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function StepFormPage() {
  return <PlaceholderPage titleKey="menu.form.step" icon="form" />;
}
