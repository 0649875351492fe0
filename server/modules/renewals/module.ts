import { Type } from 'typebox';
import { RENEWAL_LIST } from '../../../src/contract/orders';
import { RenewalApi } from '../../../src/contract/orders.schema';
import { renewalRequestOf } from '../../../src/machines/lifecycles/marketplaceFlows';
import { formatSettled, rateOfService } from '../../../src/machines/lifecycles/commissionRules';
import { formatFen } from '../../../src/machines/lifecycles/money';
import { PAYMENT_METHODS, type Settlement } from '../../../src/machines/lifecycles/orderMachine';
import { renewalLifecycle, type RenewalSnapshot } from '../../../src/machines/lifecycles/renewalLifecycle';
import {
  MAX_RENEWAL_REASON_LENGTH,
  MAX_RENEWAL_UNITS,
} from '../../../src/machines/lifecycles/renewalMachine';
import * as renewalSettlement from '../../db/migrations/2026_11_29_0200_renewal_settlement';
import { Conflict, ValidationError } from '../../errors';
import { defineEntity, type CrossGuard } from '../../kit/entity';
import { entityRoutes } from '../../kit/routes';
import { MAX_ID, withinBounds } from '../../kit/schemas';
import { commissionSettings } from '../commission/port';
import { findOrder } from '../orders/port';
import type { ServerModule } from '../types';
import { renewalProjection, renewalToApi } from './projection';

/**
 * Renewals, declared for the entity kit: the lifecycle (renewalMachine.ts) decides; a renewal is asked for (by the
 * apps) on an order of a renewable project that is being served, at the project's renewal price.
 */

const RENEWAL_PROBLEM_TEXT = {
  notRenewable: "The order's project is not renewable.",
  orderNotInService: 'Only an order that is accepted or in service can be renewed.',
  invalidUnits: `units must be a whole number from 1 to ${MAX_RENEWAL_UNITS}.`,
} as const;

const ofOrder: CrossGuard<RenewalSnapshot, never> = {
  name: 'ofOrder',
  check: async ({ trx, command }) => {
    const c = command as { type: string; orderId: number; units: number };
    const order = await findOrder(trx, c.orderId);
    if (!order) {
      throw new ValidationError(`There is no order ${c.orderId}.`, 'order_id', {
        key: 'renewal.validation.noOrder',
        values: { id: c.orderId },
      });
    }
    const made = renewalRequestOf(c.orderId, order, c.units);
    if (!made.ok) {
      throw new Conflict(RENEWAL_PROBLEM_TEXT[made.problem], {
        reason_key: `renewal.reason.${made.problem}`,
        values: { max: MAX_RENEWAL_UNITS },
      });
    }
    return { type: c.type, ...made.request } as never;
  },
};

export const renewalEntity = defineEntity({
  lifecycle: renewalLifecycle,
  title: 'order_no',
  label: 'Renewal',
  path: '/api/renewals',
  responseKey: 'renewal',
  idSequence: 'renewal_id_seq',
  projection: renewalProjection,
  toApi: renewalToApi,
  apiSchema: RenewalApi,
  create: {
    body: Type.Object(
      {
        order_id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'an order id' }),
        units: Type.Integer({
          minimum: 1,
          maximum: MAX_RENEWAL_UNITS,
          ...withinBounds(1, MAX_RENEWAL_UNITS),
        }),
      },
      { additionalProperties: false },
    ),
    data: (body) => ({ orderId: body.order_id, units: body.units }),
  },
  commands: {
    fields: {
      'renewal.pay': {
        method: Type.Union(
          PAYMENT_METHODS.map((m) => Type.Literal(m)),
          { description: 'wallet or external' },
        ),
      },
      'renewal.confirm': {},
      'renewal.decline': {
        reason: Type.String({
          maxLength: 1000,
          description: `a reason of 1 to ${MAX_RENEWAL_REASON_LENGTH} characters`,
        }),
      },
    },
  },
  // A confirmation settles at the rate that applies now.
  feed: async ({ trx, command, snapshot }) => {
    if (command.type !== 'renewal.confirm') return {};
    return { rate: rateOfService(snapshot!.context, await commissionSettings(trx)) };
  },
  guards: { create: [ofOrder] },
  list: RENEWAL_LIST,
});

const routes = entityRoutes(renewalEntity, {
  csv: [
    { header: 'id', value: (r) => r.id },
    { header: 'order_no', value: (r) => r.order_no },
    { header: 'requested_at', value: (r) => r.created_at },
    { header: 'customer', value: (r) => r.customer_name },
    { header: 'supplier', value: (r) => r.supplier_name },
    { header: 'project', value: (r) => r.project_name },
    { header: 'city', value: (r) => r.city },
    { header: 'units', value: (r) => r.units },
    { header: 'unit', value: (r) => r.unit },
    { header: 'amount', value: (r) => r.amount },
    { header: 'state', value: (r) => r.state },
    { header: 'refunded', value: (r) => formatFen(r.refunded_fen as number) },
    { header: 'commission', value: (r) => formatSettled(r.settlement as Settlement | null, 'commissionFen') },
    { header: 'payout', value: (r) => formatSettled(r.settlement as Settlement | null, 'payoutFen') },
  ],
});

export const renewalsModule: ServerModule = {
  name: 'renewals',
  routes,
  entities: [renewalEntity],
  migrations: { '2026_11_29_0200_renewal_settlement': renewalSettlement },
};
