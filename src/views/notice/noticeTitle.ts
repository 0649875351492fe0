import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeDto } from '@/contract/notices';
import { automaticTitle } from '@/machines/screens/noticeScreens';

/**
 * A notice's title as staff read it: one the system wrote in the reader's language, from what it is about; a staff
 * notice's as typed. The same function until the language changes, so it can be a dependency or a selector's input.
 */
export function useTitleOf(): (notice: NoticeDto) => string {
  const { t } = useTranslation();
  return useCallback(
    (notice: NoticeDto) => {
      const auto = automaticTitle(notice);
      return auto ? t(auto.key, auto.values) : notice.title;
    },
    [t],
  );
}
