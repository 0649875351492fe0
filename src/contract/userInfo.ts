import type { WorkplaceEvent } from './workplace';

/**
 * The user-info page (/user/info): what both sides know of it. A member's own events and the records they touched
 * come a page at a time, newest first, each page naming where the next begins (`next_cursor`: the log position of
 * the page's last event, null on the last page). The events are the workplace's, so the console tells them the
 * same way (src/views/dashboard/eventFeed.ts).
 */

/** Events or records on a page unless the request asks for another number (at most USER_PAGE_MAX). */
export const USER_PAGE_SIZE = 20;
export const USER_PAGE_MAX = 100;

/** How many of my own actions the log holds over the last 7 and the last 30 days (counted on the first page). */
export interface ActivityCounts {
  last_7_days: number;
  last_30_days: number;
}

export interface ActivityPage {
  items: WorkplaceEvent[];
  next_cursor: string | null;
  /** On the first page only (no cursor asked for); null on the pages after it. */
  counts: ActivityCounts | null;
}

/** The records I acted on, each once, as my latest event on it (what I did last, and when). */
export interface TouchedRecordsPage {
  items: WorkplaceEvent[];
  next_cursor: string | null;
}

/** A member of staff as colleagues see them: nothing secret, and when they last acted (null: never). */
export interface TeamMember {
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'user';
  avatar: string;
  last_acted_at: string | null;
}

export interface TeamDto {
  items: TeamMember[];
}
