import { useTranslation } from 'react-i18next';
import { timeAgo } from '@/views/dashboard/eventFeed';
import { atMinute } from '@/views/common/when';

/** "3 hours ago", with the exact time on hover. */
export function When({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return (
    <time className="user-info-when" dateTime={iso} title={atMinute(iso, i18n.language)}>
      {timeAgo(iso, new Date(), i18n.language)}
    </time>
  );
}
