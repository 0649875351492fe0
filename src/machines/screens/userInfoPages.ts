import { fromPromise } from 'xstate';
import type { ActivityCounts, ActivityPage, TeamMember } from '@/contract/userInfo';
import type { WorkplaceEvent } from '@/contract/workplace';
import { getMyActivity, getTeam, getTouchedRecords } from '@/services/user';
import {
  cursorPagesMachine,
  selectFirstPage,
  selectItems,
  type CursorPagesSnapshot,
} from './cursorPagesMachine';

/**
 * The user-info page's lists (/user/info), each the cursor-pages machine reading its own endpoint: my events (the
 * first page with my counts), the records I touched, and the team (one page: the staff are few).
 */
export const myActivityPages = cursorPagesMachine.provide({
  actors: { fetchPage: fromPromise(({ input }) => getMyActivity(input.cursor)) },
});

export const touchedRecordsPages = cursorPagesMachine.provide({
  actors: { fetchPage: fromPromise(({ input }) => getTouchedRecords(input.cursor)) },
});

export const teamPages = cursorPagesMachine.provide({
  actors: { fetchPage: fromPromise(() => getTeam().then(({ items }) => ({ items, next_cursor: null }))) },
});

export const selectEvents = (s: CursorPagesSnapshot) => selectItems(s) as WorkplaceEvent[];

export const selectMembers = (s: CursorPagesSnapshot) => selectItems(s) as TeamMember[];

/** My actions over the last 7 and 30 days, from the first page of my activity (null before it comes). */
export const selectCounts = (s: CursorPagesSnapshot): ActivityCounts | null =>
  (selectFirstPage(s) as ActivityPage | null)?.counts ?? null;
