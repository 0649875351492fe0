import { Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/views/common/PageFrame';
import { useSectionParam } from '@/views/common/sectionParam';
import { MyOverview } from './MyOverview';
import { TeamList } from './TeamList';
import { TouchedRecords } from './TouchedRecords';
import './userInfo.css';

/**
 * /user/info: who I am and what I did lately (from the event log), the records I touched, and the team. Each tab
 * loads its own list when first opened; the tab shown is in the address (`?section=`).
 */
const SECTIONS = ['overview', 'records', 'team'] as const;

export default function UserInfoPage() {
  const { t } = useTranslation();
  const [section, choose] = useSectionParam('/user/info', SECTIONS, 'overview');
  return (
    <PageFrame title={t('menu.user.info')}>
      <Tabs
        id="user-info"
        selectedTabId={section}
        onChange={(id) => choose(id as (typeof SECTIONS)[number])}
        renderActiveTabPanelOnly
      >
        <Tab id="overview" title={t('userInfo.tab.overview')} panel={<MyOverview />} />
        <Tab id="records" title={t('userInfo.tab.records')} panel={<TouchedRecords />} />
        <Tab id="team" title={t('userInfo.tab.team')} panel={<TeamList />} />
      </Tabs>
    </PageFrame>
  );
}
