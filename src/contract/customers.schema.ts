import { Type, type Static } from 'typebox';

const Yuan = Type.String({ description: 'yuan with two decimals, e.g. "199.00"' });

/** The API shape of a customer account; money in fen (integers) and in yuan text. */
export const CustomerApi = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  name: Type.String(),
  mobile: Type.String(),
  city: Type.String(),
  is_enabled: Type.Boolean(),
  balance_fen: Type.Integer(),
  balance: Yuan,
  created_by: Type.Union([Type.Integer(), Type.Null()]),
  /** When the customer registered. */
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export type CustomerDto = Static<typeof CustomerApi>;

/** One entry of a wallet's ledger: what moved, why, and the balance it left. */
export const LedgerEntryApi = Type.Object({
  version: Type.Integer(),
  type: Type.Union([
    Type.Literal('WalletToppedUp'),
    Type.Literal('WalletCharged'),
    Type.Literal('WalletCredited'),
    Type.Literal('WalletAdjusted'),
  ]),
  /** Signed: a payment is negative. */
  amount_fen: Type.Integer(),
  balance_fen: Type.Integer(),
  ref: Type.Union([
    Type.Object({
      kind: Type.Union([Type.Literal('order'), Type.Literal('renewal'), Type.Literal('refund')]),
      id: Type.Integer(),
      orderNo: Type.String(),
    }),
    Type.Null(),
  ]),
  /** The service order the money moved for (a renewal's or a refund's own order), to link to; null for none. */
  order_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The money moved for a renewal of that order (its payment, or a refund of it), not for the order itself. */
  for_renewal: Type.Boolean(),
  reason: Type.Union([Type.String(), Type.Null()]),
  actor: Type.Object({
    id: Type.Union([Type.Integer(), Type.Null()]),
    role: Type.Union([Type.String(), Type.Null()]),
    /** The staff member's name; null for the apps (the system actor) or a removed account. */
    name: Type.Union([Type.String(), Type.Null()]),
  }),
  occurred_at: Type.String({ format: 'date-time' }),
});

export type LedgerEntryDto = Static<typeof LedgerEntryApi>;
