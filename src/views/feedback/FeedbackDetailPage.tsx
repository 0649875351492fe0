import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function FeedbackDetailPage() {
  return <PlaceholderPage titleKey="menu.feedback.detail" icon="chat" />;
}
