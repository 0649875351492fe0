import type { ListSpec } from './list';

/**
 * Activities (/activities/list): the list as both sides query it (src/contract/list.ts). The tabs are the states,
 * which the clock moves: derived when the list is read (the server's list view), so counted from the rows.
 */
export const ACTIVITY_LIST = {
  filters: {
    is_enabled: { kind: 'boolean' },
    city: { kind: 'member', column: 'cities', maxLength: 100 },
    starts_at: { kind: 'range', type: 'date' },
    ends_at: { kind: 'range', type: 'date' },
  },
  search: { columns: ['title'], maxLength: 50 },
  tabs: { column: 'state', values: ['draft', 'scheduled', 'running', 'ended'], derived: true },
  sorts: {
    starts_at: { order: 'desc' },
    ends_at: { order: 'desc' },
    created_at: { order: 'desc' },
  },
  defaultSort: 'starts_at',
  pageSize: { default: 20, max: 100 },
} as const satisfies ListSpec;

export type { ActivityDto } from './activities.schema';
