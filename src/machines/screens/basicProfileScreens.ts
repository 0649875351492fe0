import type { ListQuery } from '@/contract/list';
import { suppliersApi } from '@/services/suppliers';
import { commandOnlyDetail, listFor } from './screenActors';

/**
 * The basic profile page (/profile/basic): one supplier and its audit flow, read through the supplier screens'
 * own machines — the detail machine loads the record with its history (`GET /api/suppliers/:id/events`), the
 * supplier list machine finds the supplier to show when the address names none, and answers the picker's search.
 */

/** The suppliers' list, without the list page's city lookup: the newest waiting for audit, the picker's matches. */
export const supplierSearch = listFor(suppliersApi);

/** The supplier and its history; the page changes nothing, so no form and no save. */
export const supplierProfileDetail = commandOnlyDetail(suppliersApi);

/** The supplier most recently submitted for audit: the newest of those waiting for it. */
export const LATEST_SUBMITTED: ListQuery = {
  audit_state: 'waiting_audit',
  sort: 'created_at',
  order: 'desc',
  page_size: '1',
};

/** What the picker offers before anything is typed, and how many matches it lists: the newest suppliers. */
export const PICKER_QUERY: ListQuery = { sort: 'created_at', order: 'desc', page_size: '6' };
