import { Type } from 'typebox';
import { ORDER_LIST } from '../../../src/contract/orders';
import { OrderApi } from '../../../src/contract/orders.schema';
import { formatSettled, rateOfService } from '../../../src/machines/lifecycles/commissionRules';
import { formatFen, formatYuan } from '../../../src/machines/lifecycles/money';
import { placementOf } from '../../../src/machines/lifecycles/marketplaceFlows';
import {
  orderLifecycle,
  refuserOf,
  type OrderSnapshot,
} from '../../../src/machines/lifecycles/orderLifecycle';
import { REFUND_STREAM } from '../../../src/machines/lifecycles/refundLifecycle';
import { RENEWAL_STREAM } from '../../../src/machines/lifecycles/renewalLifecycle';
import {
  MAX_ORDER_AMOUNT_FEN,
  MAX_ORDER_REASON_LENGTH,
  PAYMENT_METHODS,
  type Settlement,
} from '../../../src/machines/lifecycles/orderMachine';
import * as ordersMigration from '../../db/migrations/2026_11_23_1000_orders';
import * as createdAtCovered from '../../db/migrations/2026_11_27_0600_created_at_covered';
import * as orderWasRefused from '../../db/migrations/2026_11_30_0100_order_was_refused';
import * as refusalClearedOnCancel from '../../db/migrations/2026_11_30_0300_refusal_cleared_on_cancel';
import { ValidationError } from '../../errors';
import { ok } from '../../http/envelope';
import { defineEntity, type CrossGuard } from '../../kit/entity';
import { notFound } from '../../kit/pipeline';
import { policyFirst } from '../../kit/policyFirst';
import { entityRoutes } from '../../kit/routes';
import { Envelope, IdParams, MAX_ID, Moment } from '../../kit/schemas';
import { commissionSettings } from '../commission/port';
import { findCustomer } from '../customers/port';
import { findProject } from '../projects/port';
import { refundIdsOfOrder } from '../refunds/port';
import { renewalIdsOfOrder } from '../renewals/port';
import { findCity } from '../serviceCities/port';
import { eligibleSuppliers, supplierCandidate } from '../suppliers/port';
import type { ServerModule } from '../types';
import { orderProjection, orderToApi } from './projection';

/**
 * Service orders, declared for the entity kit: the lifecycle (orderMachine.ts) decides, fed with the supplier an
 * assignment names and the commission rate a completion settles with; an order is placed (by the apps) for an
 * enabled customer, an enabled project at a price within its range, in an open service city. What an order's facts
 * set in motion (the wallet, the supplier's service status, refunds) is server/modules/flows.
 */

const Id = (title: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, title, description: 'an id' });
const Reason = Type.String({
  maxLength: 1000,
  description: `a reason of 1 to ${MAX_ORDER_REASON_LENGTH} characters`,
});

type PlaceCommand = {
  type: string;
  customerId: number;
  projectId: number;
  city: string;
  address: string;
  scheduledAt: string;
  amountFen: number;
};

/** How far before now a service time may be and still be taken: the apps' clocks and the server's differ a little. */
const SCHEDULE_SLACK_MS = 5 * 60_000;

/**
 * A service time not yet passed, and the records an order names: an enabled customer and project, an open city, a price
 * within the project's range.
 */
const placement: CrossGuard<OrderSnapshot, never> = {
  name: 'placement',
  check: async ({ trx, id, command }) => {
    const c = command as PlaceCommand;
    const refuse = (
      field: string,
      key: string,
      message: string,
      values: Record<string, string | number> = {},
    ) => {
      throw new ValidationError(message, field, { key, values });
    };
    if (Date.parse(c.scheduledAt) < Date.now() - SCHEDULE_SLACK_MS)
      refuse(
        'scheduled_at',
        'order.validation.scheduledPast',
        `scheduled_at has passed (${c.scheduledAt}): a service is scheduled from now on.`,
      );
    const customer = await findCustomer(trx, c.customerId, { lock: 'share' });
    if (!customer)
      refuse('customer_id', 'order.validation.noCustomer', `There is no customer account ${c.customerId}.`);
    if (!customer!.is_enabled)
      refuse(
        'customer_id',
        'order.validation.customerClosed',
        `The customer account ${c.customerId} is closed.`,
      );
    const project = await findProject(trx, c.projectId, { lock: 'share' });
    if (!project) refuse('project_id', 'order.validation.noProject', `There is no project ${c.projectId}.`);
    if (!project!.is_enabled)
      refuse('project_id', 'order.validation.projectClosed', `The project "${project!.name}" is closed.`);
    const max = project!.max_price_fen ?? project!.min_price_fen;
    if (c.amountFen < project!.min_price_fen || c.amountFen > max) {
      refuse(
        'amount_fen',
        'order.validation.priceRange',
        `The amount must be within the project's price range, ¥${formatYuan(project!.min_price_fen)} to ¥${formatYuan(max)}.`,
        { min: formatYuan(project!.min_price_fen), max: formatYuan(max) },
      );
    }
    const city = await findCity(trx, c.city, { lock: 'share' });
    if (!city?.is_enabled)
      refuse(
        'city',
        'order.validation.cityNotOpen',
        `city must be an open service city: "${c.city}" is not.`,
        {
          city: c.city,
        },
      );
    return {
      type: c.type,
      ...placementOf({
        id,
        placedAt: new Date(),
        customer: { id: customer!.id, name: customer!.name, mobile: customer!.mobile },
        project: {
          id: project!.id,
          name: project!.name,
          renewable: project!.kind === 'renewable',
          renewalUnit: project!.kind === 'renewable' ? project!.renewal_unit : null,
          renewalUnitPriceFen: project!.kind === 'renewable' ? project!.renewal_unit_price_fen : null,
        },
        city: city!.name,
        address: c.address,
        scheduledAt: c.scheduledAt,
        amountFen: c.amountFen,
      }),
    } as never;
  },
};

export const orderEntity = defineEntity({
  lifecycle: orderLifecycle,
  title: 'order_no',
  label: 'Order',
  path: '/api/orders',
  responseKey: 'order',
  idSequence: 'order_id_seq',
  projection: orderProjection,
  toApi: orderToApi,
  apiSchema: OrderApi,
  create: {
    body: Type.Object(
      {
        customer_id: Id('customer_id'),
        project_id: Id('project_id'),
        city: Type.String({ minLength: 1, maxLength: 100, description: 'an open service city' }),
        address: Type.String({
          minLength: 1,
          maxLength: 200,
          pattern: '\\S',
          description: 'an address of 1 to 200 characters',
        }),
        scheduled_at: Moment('when the service is to be done'),
        amount_fen: Type.Integer({
          minimum: 1,
          maximum: MAX_ORDER_AMOUNT_FEN,
          description: `fen, a whole number from 1 to ${MAX_ORDER_AMOUNT_FEN}`,
        }),
      },
      { additionalProperties: false },
    ),
    data: (body) => ({
      customerId: body.customer_id,
      projectId: body.project_id,
      city: String(body.city).trim(),
      address: String(body.address).trim(),
      scheduledAt: new Date(String(body.scheduled_at)).toISOString(),
      amountFen: body.amount_fen,
    }),
  },
  commands: {
    fields: {
      'order.pay': {
        method: Type.Union(
          PAYMENT_METHODS.map((m) => Type.Literal(m)),
          { description: 'wallet or external' },
        ),
      },
      'order.assign': { supplierId: Id('supplierId') },
      'order.accept': {},
      'order.refuse': { reason: Reason },
      'order.start': {},
      'order.finish': {},
      'order.cancel': { reason: Reason },
    },
  },
  // The assignment rule reads the supplier named; a completion settles at the rate that applies now.
  feed: async ({ trx, command, snapshot }) => {
    if (command.type === 'order.assign') {
      return { candidate: (await supplierCandidate(trx, command.supplierId as number)) ?? null };
    }
    if (command.type === 'order.finish') {
      const order = snapshot!.context;
      return {
        rate: rateOfService(order, await commissionSettings(trx)),
      };
    }
    return {};
  },
  guards: { create: [placement] },
  list: ORDER_LIST,
});

const routes = entityRoutes(orderEntity, {
  csv: [
    { header: 'order_no', value: (o) => o.order_no },
    { header: 'placed_at', value: (o) => o.created_at },
    { header: 'customer', value: (o) => o.customer_name },
    { header: 'mobile', value: (o) => o.customer_mobile },
    { header: 'project', value: (o) => o.project_name },
    { header: 'city', value: (o) => o.city },
    { header: 'supplier', value: (o) => o.supplier_name },
    { header: 'amount', value: (o) => o.amount },
    { header: 'fulfilment', value: (o) => o.fulfilment },
    { header: 'payment', value: (o) => o.payment },
    { header: 'refunded', value: (o) => formatFen(o.refunded_fen as number) },
    { header: 'commission', value: (o) => formatSettled(o.settlement as Settlement | null, 'commissionFen') },
    { header: 'payout', value: (o) => formatSettled(o.settlement as Settlement | null, 'payoutFen') },
  ],
  // Who granted a refund, why a renewal was declined: an order's history tells its children's too.
  relatedHistory: async (db, id) => [
    { type: REFUND_STREAM, ids: await refundIdsOfOrder(db, id), read: 'refund.read' },
    { type: RENEWAL_STREAM, ids: await renewalIdsOfOrder(db, id), read: 'renewal.read' },
  ],
  more: (app) => {
    app.get(
      '/api/orders/:id/candidates',
      {
        preValidation: policyFirst(orderEntity, () => 'order.read'),
        schema: {
          tags: ['Order'],
          summary:
            'The suppliers who could take this order now (audited, enabled, taking orders, in its city; not the one who refused it)',
          params: IdParams('Order'),
          querystring: Type.Object(
            { q: Type.Optional(Type.String({ maxLength: 100, description: 'at most 100 characters' })) },
            { additionalProperties: false },
          ),
          response: {
            200: Envelope(
              Type.Array(
                Type.Object({
                  id: Type.Integer(),
                  name: Type.String(),
                  mobile: Type.String(),
                  order_num: Type.Integer(),
                }),
              ),
            ),
          },
        },
      },
      async (request) => {
        const id = Number((request.params as { id: string }).id);
        const loaded = await orderProjection.load(app.db, id, { lock: false });
        if (!loaded) throw notFound(orderEntity, id);
        const q = (request.query as { q?: string }).q ?? '';
        const { city } = loaded.snapshot.context;
        return ok(await eligibleSuppliers(app.db, city, q, 50, refuserOf(loaded.snapshot)));
      },
    );
  },
});

export const ordersModule: ServerModule = {
  name: 'orders',
  routes,
  entities: [orderEntity],
  migrations: {
    '2026_11_23_1000_orders': ordersMigration,
    '2026_11_27_0600_created_at_covered': createdAtCovered,
    '2026_11_30_0100_order_was_refused': orderWasRefused,
    '2026_11_30_0300_refusal_cleared_on_cancel': refusalClearedOnCancel,
  },
};
