import { useTranslation } from 'react-i18next';
import { timeAgo } from '@/views/dashboard/eventFeed';

/** "3 hours ago", with the exact time on hover. */
export function When({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return (
    <time className="user-info-when" dateTime={iso} title={new Date(iso).toLocaleString(i18n.language)}>
      {timeAgo(iso, new Date(), i18n.language)}
    </time>
  );
}
