import type { FastifyPluginAsync } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { Command } from '../../src/machines/lifecycles/lifecycle';
import { actorOf, requireAuth } from '../auth/guard';
import { streamHistory } from '../events/history';
import { ok } from '../http/envelope';
import type { AnyEntity } from './entity';
import { assertPolicy, runCommand } from './pipeline';
import { policyFirst } from './policyFirst';
import { pipelineContext } from './routes';
import { Envelope, ExpectedVersion, HistoryEntry } from './schemas';

/**
 * The routes of a singleton settings record (one stream; its read model a `singletonProjection`), saved whole:
 *
 *   GET  <path>          the settings (version 0 before anyone saved)
 *   PUT  <path>          { …fields, expectedVersion }: the save command, through the pipeline
 *   GET  <path>/events   the history, newest first
 *
 * Reading takes `<entity>.read`; the save is the command `toCommand` makes, judged by the policy (asked before the
 * body's schema, as `save`) and the lifecycle.
 */
export function singletonRoutes(
  entity: AnyEntity,
  options: {
    body: Record<string, TSchema>;
    /** The save command's type, the action the policy is asked about before the body's schema. */
    save: string;
    toCommand: (body: Record<string, unknown>) => Command;
  },
): FastifyPluginAsync {
  const tags = [entity.label];
  const read = (actor: ReturnType<typeof actorOf>) =>
    assertPolicy(entity, actor, `${entity.lifecycle.name}.read`);
  const answer = (snapshot: unknown, meta: Parameters<AnyEntity['projection']['row']>[1]) =>
    entity.toApi(entity.projection.row(snapshot as never, meta)!);
  return async (app) => {
    app.addHook('onRequest', requireAuth);
    app.get(
      entity.path,
      {
        schema: {
          tags,
          summary: `The ${entity.label.toLowerCase()}`,
          response: { 200: Envelope(entity.apiSchema) },
        },
      },
      async (request) => {
        read(actorOf(request));
        const loaded = (await entity.projection.load(app.db, 0, { lock: false }))!;
        return ok(answer(loaded.snapshot, loaded.meta));
      },
    );
    app.put(
      entity.path,
      {
        preValidation: policyFirst(entity, () => options.save),
        schema: {
          tags,
          summary: `Save the ${entity.label.toLowerCase()} (all of it, with the version read)`,
          body: Type.Object(
            { ...options.body, expectedVersion: ExpectedVersion(0) },
            { additionalProperties: false },
          ),
          response: { 200: Envelope(entity.apiSchema) },
        },
      },
      async (request) => {
        const { expectedVersion, ...body } = request.body as Record<string, unknown> & {
          expectedVersion: number;
        };
        const command = options.toCommand(body);
        const result = await runCommand(pipelineContext(app, request), entity, 0, command, expectedVersion);
        return ok(result.record);
      },
    );
    app.get(
      `${entity.path}/events`,
      {
        schema: {
          tags,
          summary: `The ${entity.label.toLowerCase()}'s history, newest first`,
          response: { 200: Envelope(Type.Array(HistoryEntry)) },
        },
      },
      async (request) => {
        read(actorOf(request));
        return ok(await streamHistory(app.db, entity.lifecycle.stream, entity.singleton!.streamId));
      },
    );
  };
}
