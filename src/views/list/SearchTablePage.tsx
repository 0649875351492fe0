import { FormGroup, InputGroup, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/views/common/PageFrame';

/**
 * The search table's query form (its table comes later). The keyword is the page's own typed-in state: it
 * survives switching tabs because the tab bar keeps the page alive.
 */
export default function SearchTablePage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  return (
    <PageFrame title={t('menu.list.searchTable')}>
      <FormGroup label={t('searchTable.keyword')} labelFor="search-table-keyword" inline>
        <InputGroup
          id="search-table-keyword"
          leftIcon="search"
          placeholder={t('searchTable.keyword.placeholder')}
          value={keyword}
          onValueChange={setKeyword}
        />
      </FormGroup>
      <NonIdealState
        icon="th-list"
        title={t('placeholder.title')}
        description={t('placeholder.description', { page: t('menu.list.searchTable') })}
      />
    </PageFrame>
  );
}
