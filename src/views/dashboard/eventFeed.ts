import type { TFunction } from 'i18next';
import { recordRoute } from '@/contract/routes';
import type { WorkplaceEvent } from '@/contract/workplace';

/**
 * A staff event as the workplace tells it: what kind of record, its name, what happened (the label its own
 * detail page's history uses), and where the record is (the route that declares it shows that kind of record).
 * Each kind's facts are labelled under this i18n prefix (`supply.event` → `supply.event.SupplierApproved`).
 */
const EVENT_LABELS: Record<string, string> = {
  supplier: 'supply.event',
  project: 'project.event',
  service_city: 'system.city.event',
  customer: 'account.event',
  order: 'order.event',
  renewal: 'workplace.event',
  refund: 'workplace.event',
  notice: 'notice.event',
  feedback: 'workplace.event',
  activity: 'activity.event',
  channel: 'channel.event',
  certification: 'certification.event',
};

export interface EventWords {
  actor: string;
  kind: string;
  title: string | null;
  what: string;
  href: string | null;
}

export function eventWords(t: TFunction, e: WorkplaceEvent): EventWords {
  const labels = EVENT_LABELS[e.stream_type];
  const detail = recordRoute(e.stream_type);
  // Labels that need the fact's values (a rate before and after) are not told here: "changed" says enough.
  const changed = t('workplace.event.changed');
  const what = labels
    ? t(`${labels}.${e.type}`, { defaultValue: changed, skipInterpolation: true })
    : changed;
  return {
    actor: e.actor.name || e.actor.email || t('workplace.events.someone'),
    kind: t(`workplace.kind.${e.stream_type}`, { defaultValue: e.stream_type }),
    title: e.title,
    what: what.includes('{{') ? changed : what,
    href: detail ? `${detail}?id=${encodeURIComponent(e.stream_id)}` : null,
  };
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "2 minutes ago" / "2 分钟前"; "now" under a minute. */
export function timeAgo(iso: string, now: Date, locale: string): string {
  const ms = now.getTime() - new Date(iso).getTime();
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(ms) >= size) return format.format(-Math.floor(ms / size), unit);
  }
  return format.format(0, 'second');
}
