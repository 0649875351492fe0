import type { TFunction } from 'i18next';
import type { WorkplaceEvent } from '@/contract/workplace';

/**
 * A staff event as the workplace tells it: what kind of record, its name, what happened (the label its own
 * detail page's history uses), and where the record is.
 */
interface StreamWords {
  /** The i18n prefix of its facts' labels (`supply.event` → `supply.event.SupplierApproved`). */
  events: string;
  /** Its detail screen, opened with `?id=`; none for a record shown inside another's page. */
  detail: string | null;
}

const STREAMS: Record<string, StreamWords> = {
  supplier: { events: 'supply.event', detail: '/supply/detail' },
  project: { events: 'project.event', detail: '/project/project' },
  service_city: { events: 'system.city.event', detail: '/system/update-service-city' },
  customer: { events: 'account.event', detail: '/account/detail' },
  order: { events: 'order.event', detail: '/order/detail' },
  renewal: { events: 'workplace.event', detail: null },
  refund: { events: 'workplace.event', detail: null },
  notice: { events: 'notice.event', detail: '/notice/detail' },
  feedback: { events: 'workplace.event', detail: '/feedback/feedbackdetail' },
  activity: { events: 'activity.event', detail: '/activities/detail' },
};

export interface EventWords {
  actor: string;
  kind: string;
  title: string | null;
  what: string;
  href: string | null;
}

export function eventWords(t: TFunction, e: WorkplaceEvent): EventWords {
  const stream = STREAMS[e.stream_type];
  // Labels that need the fact's values (a rate before and after) are not told here: "changed" says enough.
  const changed = t('workplace.event.changed');
  const what = stream
    ? t(`${stream.events}.${e.type}`, { defaultValue: changed, skipInterpolation: true })
    : changed;
  return {
    actor: e.actor.name || e.actor.email || t('workplace.events.someone'),
    kind: t(`workplace.kind.${e.stream_type}`, { defaultValue: e.stream_type }),
    title: e.title,
    what: what.includes('{{') ? changed : what,
    href: stream?.detail ? `${stream.detail}?id=${encodeURIComponent(e.stream_id)}` : null,
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
