import { FLOW_FACTS, followUps, type FollowUp } from '../../../src/machines/lifecycles/marketplaceFlows';
import type { AnyEntity, Reaction } from '../../kit/entity';
import { runCommand, runCreate } from '../../kit/pipeline';
import { customerEntity } from '../customers/module';
import { orderEntity } from '../orders/module';
import { refundEntity } from '../refunds/module';
import { renewalEntity } from '../renewals/module';
import { supplierEntity } from '../suppliers/module';
import type { ServerModule } from '../types';
import { seedMarketplace } from './seed';

/**
 * The marketplace's records moving together (src/machines/lifecycles/marketplaceFlows.ts says what follows what):
 * each follow-up is a command decided by its own record's lifecycle, in the same transaction as the fact that set it
 * in motion, so both records change or neither does (a wallet too low for an order's payment refuses the payment;
 * a supplier that is not taking orders refuses the order's start).
 */

const ENTITIES: Record<string, AnyEntity> = {
  customer: customerEntity,
  supplier: supplierEntity,
  order: orderEntity,
  renewal: renewalEntity,
  refund: refundEntity,
};
const BY_STREAM: Record<string, AnyEntity> = Object.fromEntries(
  Object.values(ENTITIES).map((e) => [e.lifecycle.stream, e]),
);

const follow: Reaction = async ({ trx, pipeline, fact, streamType, streamId }) => {
  const source = BY_STREAM[streamType];
  if (!source) return;
  const id = Number(streamId);
  const loaded = await source.projection.load(trx, id, { lock: false });
  if (!loaded) return;
  for (const next of followUps(streamType, id, fact, loaded.snapshot as never)) await run(pipeline, next);
};

async function run(pipeline: Parameters<typeof runCommand>[0], next: FollowUp): Promise<void> {
  if (next.kind === 'command') {
    await runCommand(pipeline, ENTITIES[next.lifecycle], next.id, next.command, 'current', {
      skipPolicy: true,
    });
    return;
  }
  const { kind, id, amountFen, reason, cause } = next.ask;
  await runCreate(
    pipeline,
    refundEntity,
    { kind, target_id: id, amount_fen: amountFen, reason, ...(cause ? { cause } : {}) },
    { skipPolicy: true },
  );
}

export const flowsModule: ServerModule = {
  name: 'flows',
  routes: async () => {},
  reactions: Object.fromEntries(FLOW_FACTS.map((type) => [type, [follow]])),
  seed: (db) => seedMarketplace(db),
};
