import { formatYuan } from '@/machines/lifecycles/money';

/** An amount in fen as staff read it: `¥1,123.45` (`-¥20.00` for money going out). */
export const yuan = (fen: number) => `${fen < 0 ? '-' : ''}¥${formatYuan(Math.abs(fen))}`;
