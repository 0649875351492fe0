import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function ProjectDetailPage() {
  return <PlaceholderPage titleKey="menu.project.detail" icon="projects" />;
}
