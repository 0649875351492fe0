import { sql, type Kysely } from 'kysely';
import { Type } from 'typebox';
import { CUSTOMER_LIST } from '../../../src/contract/customers';
import { CustomerApi, LedgerEntryApi } from '../../../src/contract/customers.schema';
import { customerLifecycle, type CustomerSnapshot } from '../../../src/machines/lifecycles/customerLifecycle';
import {
  MAX_ADJUST_REASON_LENGTH,
  MAX_CUSTOMER_NAME_LENGTH,
  MAX_WALLET_AMOUNT_FEN,
  WALLET_FACTS,
  type LedgerRef,
} from '../../../src/machines/lifecycles/customerMachine';
import { MOBILE_PATTERN } from '../../../src/machines/lifecycles/supplierProfile';
import type { Database } from '../../db/schema';
import { Conflict, ValidationError } from '../../errors';
import { ok } from '../../http/envelope';
import { defineEntity, type CrossGuard } from '../../kit/entity';
import { notFound } from '../../kit/pipeline';
import { policyFirst } from '../../kit/policyFirst';
import { entityRoutes } from '../../kit/routes';
import { wholeNumber } from '../../kit/listQuery';
import { Envelope, IdParams, IntText, refusedWith } from '../../kit/schemas';
import { findCity } from '../serviceCities/port';
import type { ServerModule } from '../types';
import * as customerMobileIndex from '../../db/migrations/2026_12_07_1400_customer_mobile_index';
import { customerProjection, customerToApi } from './projection';

/**
 * Customer accounts, declared for the entity kit: the lifecycle (customerLifecycle.ts) decides; accounts sign up in
 * the apps (the system actor) in an existing service city; the wallet's ledger is the account's own wallet facts,
 * read back from the log with the balance each left.
 */

const Amount = Type.Integer({
  minimum: 1,
  maximum: MAX_WALLET_AMOUNT_FEN,
  description: `fen, a whole number from 1 to ${MAX_WALLET_AMOUNT_FEN}`,
});
const SignedAmount = Type.Integer({
  minimum: -MAX_WALLET_AMOUNT_FEN,
  maximum: MAX_WALLET_AMOUNT_FEN,
  description: `a whole number of fen from -${MAX_WALLET_AMOUNT_FEN} to ${MAX_WALLET_AMOUNT_FEN} other than 0`,
});
const Reason = Type.String({
  maxLength: 1000,
  description: `a reason of 1 to ${MAX_ADJUST_REASON_LENGTH} characters`,
});

/** A customer's city is a service city (any case), stored in the city's own spelling. */
const inServiceCity: CrossGuard<CustomerSnapshot, never> = {
  name: 'inServiceCity',
  check: async ({ trx, command }) => {
    const c = command as { city: string };
    const city = await findCity(trx, c.city, { lock: 'share' });
    if (!city) {
      throw new ValidationError(`city must be a service city: "${c.city}" is not.`, 'city', {
        key: 'account.validation.city',
        values: { city: c.city },
      });
    }
    return { ...c, city: city.name } as never;
  },
};

/**
 * One account per mobile number: a number another account has is refused, naming it. Two openings for one number at
 * once take turns (a lock on the number for the transaction), so the second sees the first.
 */
const mobileIsFree: CrossGuard<CustomerSnapshot, never> = {
  name: 'mobileIsFree',
  check: async ({ trx, command }) => {
    const { mobile } = command as { mobile: string };
    await sql`select pg_advisory_xact_lock(hashtext(${`customer-mobile:${mobile}`}))`.execute(trx);
    const other = await trx
      .selectFrom('customers')
      .select(['id', 'name'])
      .where('mobile', '=', mobile)
      .orderBy('id')
      .executeTakeFirst();
    if (other) {
      throw new Conflict(
        `The mobile number ${mobile} is already the account ${other.id}'s ("${other.name}").`,
        {
          reason_key: 'account.validation.mobileTaken',
          values: { mobile, id: other.id, name: other.name },
          field: 'mobile',
          id: other.id,
        },
      );
    }
  },
};

export const customerEntity = defineEntity({
  lifecycle: customerLifecycle,
  title: 'name',
  label: 'Customer account',
  path: '/api/customers',
  responseKey: 'customer',
  idSequence: 'customer_id_seq',
  projection: customerProjection,
  toApi: customerToApi,
  apiSchema: CustomerApi,
  create: {
    body: Type.Object(
      {
        name: Type.String({
          minLength: 1,
          maxLength: MAX_CUSTOMER_NAME_LENGTH,
          pattern: '\\S',
          description: `a name of 1 to ${MAX_CUSTOMER_NAME_LENGTH} characters`,
        }),
        mobile: Type.String({
          pattern: MOBILE_PATTERN.source,
          ...refusedWith('a mainland mobile number, 11 digits', 'supply.validation.mobile'),
        }),
        city: Type.String({ minLength: 1, maxLength: 100, description: 'a service city' }),
      },
      { additionalProperties: false },
    ),
    data: (body) => ({
      name: String(body.name).trim(),
      mobile: String(body.mobile),
      city: String(body.city).trim(),
    }),
  },
  commands: {
    fields: {
      'customer.enable': {},
      'customer.close': {},
      'customer.topUp': { amountFen: Amount },
      'customer.adjust': { amountFen: SignedAmount, reason: Reason },
    },
  },
  guards: { create: [inServiceCity, mobileIsFree] },
  list: CUSTOMER_LIST,
});

const routes = entityRoutes(customerEntity, {
  csv: [
    { header: 'id', value: (c) => c.id },
    { header: 'name', value: (c) => c.name },
    { header: 'mobile', value: (c) => c.mobile },
    { header: 'city', value: (c) => c.city },
    { header: 'is_enabled', value: (c) => c.is_enabled },
    { header: 'balance', value: (c) => c.balance },
    { header: 'registered_at', value: (c) => c.created_at },
  ],
  more: (app) => {
    const PAGE_SIZE = 50;
    app.get(
      '/api/customers/:id/ledger',
      {
        preValidation: policyFirst(customerEntity, () => 'customer.read'),
        schema: {
          tags: ['Customer account'],
          summary: "The wallet's ledger, newest first: each entry with the balance it left",
          params: IdParams('Customer account'),
          querystring: Type.Object(
            { page: Type.Optional(IntText(1, 100_000)) },
            { additionalProperties: false },
          ),
          response: {
            200: Envelope(
              Type.Object({
                items: Type.Array(LedgerEntryApi),
                total: Type.Integer(),
                page: Type.Integer(),
                page_size: Type.Integer(),
              }),
            ),
          },
        },
      },
      async (request) => {
        const id = Number((request.params as { id: string }).id);
        const page = wholeNumber(request.query as Record<string, unknown>, 'page', 1, 100_000, 1);
        const exists = await app.db
          .selectFrom('customers')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!exists) throw notFound(customerEntity, id);
        const base = app.db
          .selectFrom('events')
          .where('stream_type', '=', customerLifecycle.stream)
          .where('stream_id', '=', String(id))
          .where('type', 'in', [...WALLET_FACTS]);
        const [{ n }] = await base.select((eb) => eb.fn.countAll<number>().as('n')).execute();
        const rows = await base
          .leftJoin('users', 'users.id', 'events.actor_id')
          .selectAll('events')
          .select('users.name as actor_name')
          .orderBy('version', 'desc')
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE)
          .execute();
        const ordersOf = await ordersOfRefs(
          app.db,
          rows.map((row) => (row.data as { ref?: LedgerRef }).ref ?? null),
        );
        return ok({
          items: rows.map((row) => {
            const data = row.data as { amountFen: number; balanceFen: number; ref?: LedgerRef };
            const ref = data.ref ?? null;
            const order = ref ? ordersOf.get(`${ref.kind} ${ref.id}`) : undefined;
            return {
              version: row.version,
              type: row.type,
              amount_fen: row.type === 'WalletCharged' ? -data.amountFen : data.amountFen,
              balance_fen: data.balanceFen,
              ref,
              order_id: order?.orderId ?? null,
              for_renewal: order?.forRenewal ?? false,
              reason: row.reason,
              actor: { id: row.actor_id, role: row.actor_role, name: row.actor_name },
              occurred_at: new Date(row.occurred_at).toISOString(),
            };
          }),
          total: Number(n),
          page,
          page_size: PAGE_SIZE,
        });
      },
    );
  },
});

interface RefOrder {
  orderId: number;
  /** For a renewal of the order: the renewal itself, or a refund of one. */
  forRenewal: boolean;
}

/**
 * The service order of each ledger entry's reference, and whether the money moved for a renewal of it: an order is
 * its own; a renewal's and a refund's are read from their rows (one query each for a page of entries). Keyed by
 * `<kind> <id>`.
 */
async function ordersOfRefs(
  db: Kysely<Database>,
  refs: Array<LedgerRef | null>,
): Promise<Map<string, RefOrder>> {
  const ids = new Map<string, RefOrder>();
  const wanted = { renewal: [] as number[], refund: [] as number[] };
  for (const ref of refs) {
    if (ref?.kind === 'order') ids.set(`order ${ref.id}`, { orderId: ref.id, forRenewal: false });
    // The log's JSON is only cast: a kind this reader does not know is left without an order.
    else if (ref && (ref.kind === 'renewal' || ref.kind === 'refund') && Number.isInteger(ref.id))
      wanted[ref.kind].push(ref.id);
  }
  if (wanted.renewal.length > 0) {
    const rows = await db
      .selectFrom('renewals')
      .select(['id', 'order_id'])
      .where('id', 'in', wanted.renewal)
      .execute();
    for (const row of rows) ids.set(`renewal ${row.id}`, { orderId: row.order_id, forRenewal: true });
  }
  if (wanted.refund.length > 0) {
    const rows = await db
      .selectFrom('refunds')
      .select(['id', 'order_id', 'kind'])
      .where('id', 'in', wanted.refund)
      .execute();
    for (const row of rows)
      ids.set(`refund ${row.id}`, { orderId: row.order_id, forRenewal: row.kind === 'renewal' });
  }
  return ids;
}

export const customersModule: ServerModule = {
  name: 'customers',
  routes,
  entities: [customerEntity],
  migrations: { '2026_12_07_1400_customer_mobile_index': customerMobileIndex },
};
