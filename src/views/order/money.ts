import { formatFen } from '@/machines/lifecycles/commissionRules';

/** An amount in fen as staff read it: `¥123.45` (`-¥20.00` for money going out). */
export const yuan = (fen: number) => (fen < 0 ? `-¥${formatFen(-fen)}` : `¥${formatFen(fen)}`);
