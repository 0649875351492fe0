import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function ProjectListPage() {
  return <PlaceholderPage titleKey="menu.project.list" icon="projects" />;
}
