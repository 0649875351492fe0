import { formatFen } from '../../../src/machines/lifecycles/commissionRules';

/**
 * A settled order's or renewal's commission or payout in yuan, as its amount is in the CSV export; empty before it
 * is settled. `item` is the API shape (its `settlement` as the machine holds it).
 */
export function settledCsv(item: Record<string, unknown>, part: 'commissionFen' | 'payoutFen'): string {
  const fen = (item.settlement as Record<typeof part, number> | null)?.[part];
  return fen === undefined ? '' : formatFen(fen);
}
