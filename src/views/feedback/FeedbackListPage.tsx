import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function FeedbackListPage() {
  return <PlaceholderPage titleKey="menu.feedback.list" icon="chat" />;
}
