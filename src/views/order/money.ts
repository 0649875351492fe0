import { formatFen } from '@/machines/lifecycles/commissionRules';

/** Thousands grouped with commas, as in `¥1,104.00` (the same in both languages). */
const grouped = (text: string) => text.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** An amount in fen as staff read it: `¥1,123.45` (`-¥20.00` for money going out). */
export const yuan = (fen: number) => {
  const [whole, cents] = formatFen(Math.abs(fen)).split('.');
  return `${fen < 0 ? '-' : ''}¥${grouped(whole!)}.${cents}`;
};
