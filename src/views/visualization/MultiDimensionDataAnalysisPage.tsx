import { PlaceholderPage } from '@/views/common/PlaceholderPage';

export default function MultiDimensionDataAnalysisPage() {
  return <PlaceholderPage titleKey="menu.visualization.multiDimensionDataAnalysis" icon="chart" />;
}
