import { useTranslation } from 'react-i18next';

/**
 * The one way the console shows a moment, in the page's language: its day and its time to the minute, the year in
 * full ("12/6/2026, 08:46 AM", "2026/12/6 08:46"); or its day alone ("12/6/2026"). A feed that needs the seconds (the
 * monitor's) shows its own times.
 */
export const atMinute = (iso: string, language: string): string =>
  new Date(iso).toLocaleString(language, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

export const onDay = (iso: string, language: string): string =>
  new Date(iso).toLocaleDateString(language, { year: 'numeric', month: 'numeric', day: 'numeric' });

/** `atMinute` in the page's language, for a component that shows several moments. */
export function useAtMinute(): (iso: string) => string {
  const { i18n } = useTranslation();
  const { language } = i18n;
  return (iso) => atMinute(iso, language);
}
