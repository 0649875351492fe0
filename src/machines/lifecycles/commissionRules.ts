/**
 * Commission rates and the computation of a platform commission, shared by the server (validation, storage) and
 * the console (the example on /system/commission). Pure.
 *
 * - A rate is a percentage with at most two decimals in [0, 100], stored as integer basis points
 *   (12.5 % = 1250 bp; 100 % = 10000 bp).
 * - Most specific wins: a project override beats a city override, which beats the default rate.
 * - Amounts are integer fen. commission = round(amount × bp / 10000), rounding half up (0.5 fen → 1 fen);
 *   the supplier's income is amount − commission, so the two always add up to the order amount.
 */

import { formatFen, halfWidthAmount } from './money';

export const MAX_RATE_BP = 10_000;

export type OverrideScope = 'project' | 'city';

export interface CommissionOverride {
  scope: OverrideScope;
  /** The project id (as text) or the city name. */
  target: string;
  rateBp: number;
}

export interface CommissionSettings {
  defaultRateBp: number;
  overrides: CommissionOverride[];
}

export interface CommissionQuote {
  rateBp: number;
  source: 'project' | 'city' | 'default';
  commissionFen: number;
  supplierIncomeFen: number;
}

export function isValidRateBp(bp: unknown): bp is number {
  return typeof bp === 'number' && Number.isInteger(bp) && bp >= 0 && bp <= MAX_RATE_BP;
}

/**
 * Parses a percentage typed by a person or sent by a client ("12.5", "12.50", 12.5, "0", "100") into basis points;
 * null when it is not a number with at most two decimals in [0, 100]. Full-width digits and point read as an
 * amount's do (１２．５, as a Chinese input method types them). No floating point: the text is split.
 */
export function parsePercent(input: unknown): number | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = String(input);
  } else if (typeof input === 'string') {
    text = halfWidthAmount(input).trim();
  } else {
    return null;
  }
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return isValidRateBp(bp) ? bp : null;
}

/** 1250 → "12.50". */
export function formatPercent(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/** A settlement's commission or payout in yuan, as `formatFen` says an amount; empty when there is none yet. */
export function formatSettled(
  settlement: { commissionFen: number; payoutFen: number } | null,
  part: 'commissionFen' | 'payoutFen',
): string {
  return settlement ? formatFen(settlement[part]) : '';
}

export function cityKey(city: string): string {
  return city.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The rate that applies to an order: project override > city override > default. */
/** The rate an order or a renewal settles with now: its project's, else its city's, else the default. */
export function rateOfService(
  service: { project: { id: number }; city: string },
  settings: CommissionSettings,
): { rateBp: number; source: CommissionQuote['source'] } {
  return rateFor({ projectId: service.project.id, city: service.city }, settings);
}

export function rateFor(
  order: { projectId?: number | string | null; city?: string | null },
  settings: CommissionSettings,
): { rateBp: number; source: CommissionQuote['source'] } {
  if (order.projectId !== undefined && order.projectId !== null && order.projectId !== '') {
    const hit = settings.overrides.find((o) => o.scope === 'project' && o.target === String(order.projectId));
    if (hit) return { rateBp: hit.rateBp, source: 'project' };
  }
  if (order.city) {
    const key = cityKey(order.city);
    const hit = settings.overrides.find((o) => o.scope === 'city' && cityKey(o.target) === key);
    if (hit) return { rateBp: hit.rateBp, source: 'city' };
  }
  return { rateBp: settings.defaultRateBp, source: 'default' };
}

/** The platform commission and the supplier's income for an order of `amountFen` (a non-negative integer). */
export function commissionFor(
  amountFen: number,
  order: { projectId?: number | string | null; city?: string | null },
  settings: CommissionSettings,
): CommissionQuote {
  if (!Number.isSafeInteger(amountFen) || amountFen < 0) {
    throw new RangeError(`amountFen must be a non-negative integer, got ${amountFen}`);
  }
  const { rateBp, source } = rateFor(order, settings);
  const commissionFen = commissionOf(amountFen, rateBp);
  return { rateBp, source, commissionFen, supplierIncomeFen: amountFen - commissionFen };
}

/** round(amount × bp / 10000), half up, in integers: floor((a·r + 5000) / 10000); a·r < 2^53 below 9·10^11 fen. */
export function commissionOf(amountFen: number, rateBp: number): number {
  return Math.floor((amountFen * rateBp + 5_000) / 10_000);
}
