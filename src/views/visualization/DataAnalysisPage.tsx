import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function DataAnalysisPage() {
  return <PlaceholderPage titleKey="menu.visualization.dataAnalysis" icon="chart" />;
}
