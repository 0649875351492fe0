import type { FastifyRequest } from 'fastify';
import { POLICY, mayRole } from '../../src/contract/policy';
import { actorOf } from '../auth/guard';
import type { AnyEntity } from './entity';
import { assertPolicy } from './pipeline';

/**
 * A route's preValidation hook that asks the policy table before the schema, where the request names its action: a
 * role that may not act is told so (403), not what its body lacks. `actionOf` reads the action from the body as
 * sent (not yet checked), or says null to leave the request to the schema and the pipeline.
 */
export const policyFirst =
  (entity: AnyEntity, actionOf: (body: unknown) => string | null) => async (request: FastifyRequest) => {
    const action = actionOf(request.body);
    if (action) assertPolicy(entity, actorOf(request), action);
  };

/**
 * The hook for a request that may become any of several actions (an edit's commands depend on the record): a role
 * that may take none of them is refused, with the first one's reason and in words that name no one of them (an edit
 * of a ranking is not "rename"); the pipeline asks for each command it makes.
 */
export function policyFirstOfAny(entity: AnyEntity, actions: readonly string[]) {
  const unknown = actions.filter((action) => !Object.hasOwn(POLICY, action));
  if (actions.length === 0 || unknown.length > 0)
    throw new Error(
      `${entity.lifecycle.name}: an edit's actions must be in the policy table: ${unknown.join(', ')}`,
    );
  return async (request: FastifyRequest) => {
    const actor = actorOf(request);
    if (!actions.some((action) => mayRole(actor.role, action)))
      assertPolicy(entity, actor, actions[0]!, `change ${entity.label.toLowerCase()} records`);
  };
}

/** The action a command body names: its type, when the entity knows it (an unknown one is the schema's to refuse). */
export const commandTypeOf = (entity: AnyEntity) => (body: unknown) => {
  const type = (body as { type?: unknown } | null)?.type;
  return typeof type === 'string' && Object.hasOwn(entity.commands.fields, type) ? type : null;
};
