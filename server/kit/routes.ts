import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { Type } from 'typebox';
import { actorOf, requireAuth } from '../auth/guard';
import { mayRole } from '../../src/contract/policy';
import { AppError, ValidationError, withReasonKey } from '../errors';
import { historyWith, streamHistory, type RelatedStreams } from '../events/history';
import { ok } from '../http/envelope';
import { messageInLanguage } from '../http/language';
import { csvLine } from '../../src/contract/csv';
import { COUNT_CAP } from '../../src/contract/list';
import { listSourceOf, type AnyEntity } from './entity';
import { listItemsOf } from './listItems';
import { allRows, listPage, listQuerySchema, readListQuery, type ListSource } from './listQuery';
import { assertPolicy, notFound, runCommand, runCreate, type PipelineContext } from './pipeline';
import { AppendedEvent, Envelope, HistoryEntry, IdParams, bulkBody, commandBody } from './schemas';
import { commandTypeOf, policyFirst, policyFirstOfAny } from './policyFirst';
import { searchStartsOf } from './searchStarts';
import type { Command } from '../../src/machines/lifecycles/lifecycle';

/**
 * Every entity's standard routes, from its declaration:
 *
 *   GET    <path>                list: search, filters, tab counts, sort, page
 *   GET    <path>/export.csv     every row matching the same query, streamed as CSV
 *   POST   <path>                create (honours an Idempotency-Key header)
 *   GET    <path>/:id            one record
 *   PUT    <path>/:id            the edit form's save (when the entity has one)
 *   POST   <path>/:id/events     a command: { type, expectedVersion, …its fields }
 *   GET    <path>/:id/events     the record's history, newest first
 *   POST   <path>/bulk-events    one command for up to 100 records, each decided on its own
 *
 * Sign-in is checked first (onRequest, before the body is even read), then the policy table where the request names
 * its action (a read, a create, one command of a type the entity knows, an edit that could make no command the role
 * may take: preValidation), then the schema, then the policy for the rest: each command an edit makes (known only
 * from the record) and a bulk command's (each record's outcome).
 */

export const MAX_BULK = 100;

export interface EntityRouteOptions {
  /** Columns of the CSV export, in order: header and how to read it from the API shape. */
  csv: Array<{ header: string; value: (item: Record<string, unknown>) => unknown }>;
  /** Fields the detail (`GET <path>/:id`) adds to the record (e.g. a count through another module's port). */
  detail?: (db: Kysely<Database>, record: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /**
   * Records whose events belong in this one's history (an order's refunds and renewals): `GET <path>/:id/events`
   * answers them too, each naming its record.
   */
  relatedHistory?: (db: Kysely<Database>, id: number) => Promise<RelatedStreams[]>;
  /** More routes of this entity, registered inside the same plugin (same auth). */
  more?: (app: FastifyInstance, context: (request: FastifyRequest) => PipelineContext) => void;
}

export function pipelineContext(app: FastifyInstance, request: FastifyRequest): PipelineContext {
  return { db: app.db, actor: actorOf(request), reactions: app.reactions };
}

export function entityRoutes(entity: AnyEntity, options: EntityRouteOptions): FastifyPluginAsync {
  const name = entity.lifecycle.name;
  const tags = [entity.label];
  const params = IdParams(entity.label);
  const record = entity.apiSchema;
  const commandAnswer = Envelope(
    Type.Object({
      [entity.responseKey]: Type.Union([record, Type.Null()]),
      event: AppendedEvent,
      events: Type.Array(AppendedEvent),
    }),
  );
  const list = entity.list!;
  const create = entity.create!;
  const source = listSourceOf(entity);
  // A list's search starts belong to its table: the list query names them after the table it reads.
  if (entity.listView && searchStartsOf(entity.listView, list)) {
    throw new Error(`${name}: a list read through a view (${entity.listView}) cannot search by words`);
  }
  const query = listQuerySchema(list);
  const items = listItemsOf(name, list, record, entity.toApi, entity.listItemColumns);
  /** The policy's read, then what this reader may see of the list (every row unless the entity scopes it). */
  const read = (request: FastifyRequest): ListSource => {
    const actor = actorOf(request);
    assertPolicy(entity, actor, `${name}.read`);
    const scope = entity.readScope?.(actor);
    return scope ? { ...source, scope } : source;
  };
  const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);
  const outOfScope = (visible: ListSource, row: Record<string, unknown>) =>
    visible.scope !== undefined && row[visible.scope.column] !== visible.scope.value;

  return async (app) => {
    app.addHook('onRequest', requireAuth);
    const context = (request: FastifyRequest) => pipelineContext(app, request);
    /** A record as every read answers it: the row's API shape, with what the detail adds. */
    const decorated = async (record: unknown) =>
      record && options.detail
        ? { ...(record as object), ...(await options.detail(app.db, record as Record<string, unknown>)) }
        : record;
    /**
     * For an entity with a read scope: 404 for a record outside the reader's (as for one that does not exist), on
     * every route that names a record, commands included, so that no answer tells another's record exists. The
     * scope's column never changes, so reading it before the command's own transaction is enough.
     */
    const assertInScope = async (request: FastifyRequest, id: number) => {
      if (!entity.readScope) return;
      const visible = read(request);
      if (!visible.scope) return;
      const loaded = await entity.projection.load(app.db, id, { lock: false });
      const row = loaded && entity.projection.row(loaded.snapshot as never, loaded.meta);
      if (!row || outOfScope(visible, row)) throw notFound(entity, id);
    };
    const readFirst = policyFirst(entity, () => `${name}.read`);
    const reply = async (result: { record: unknown; events: Array<{ type: string; version: number }> }) =>
      ok({
        [entity.responseKey]: await decorated(result.record),
        event: result.events[result.events.length - 1] ?? null,
        events: result.events,
      });

    app.get(
      entity.path,
      {
        preValidation: readFirst,
        schema: {
          tags,
          summary: `List ${entity.label.toLowerCase()} records`,
          querystring: query,
          response: {
            200: Envelope(
              Type.Object({
                items: Type.Array(items.schema),
                total: Type.Integer(),
                page: Type.Integer(),
                page_size: Type.Integer(),
                counts: Type.Optional(Type.Record(Type.String(), Type.Integer())),
                capped: Type.Optional(
                  Type.Boolean({
                    description: `The counts stopped at ${COUNT_CAP.toLocaleString('en-US')}: each is "at least"`,
                  }),
                ),
                cursors: Type.Optional(
                  Type.Object(
                    { before: Type.String(), after: Type.String() },
                    { description: 'Send as `before` for the previous page, `after` for the next' },
                  ),
                ),
              }),
            ),
          },
        },
      },
      async (request) => {
        const visible = read(request);
        const page = await listPage(
          app.db,
          list,
          visible,
          readListQuery(list, request.query as never, visible.scope),
        );
        return ok({ ...page, items: items.items(page.items) });
      },
    );

    app.get(
      `${entity.path}/export.csv`,
      {
        preValidation: readFirst,
        schema: {
          tags,
          summary: `Every ${entity.label.toLowerCase()} record matching the list's query, as CSV (streamed)`,
          querystring: listQuerySchema(list, { ticket: Type.String({ maxLength: 200 }) }),
        },
      },
      async (request, res) => {
        const visible = read(request);
        const params = readListQuery(list, request.query as never, visible.scope);
        const csv = options.csv;
        async function* lines() {
          yield '\uFEFF' + csvLine(csv.map((c) => c.header));
          for await (const batch of allRows(app.db, list, visible, params)) {
            // Each row mapped once, not once per column.
            yield batch
              .map((row) => {
                const record = entity.toApi(row) as never;
                return csvLine(csv.map((c) => c.value(record)));
              })
              .join('');
          }
        }
        const stamp = new Date().toISOString().slice(0, 10);
        return res
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
          .header('cache-control', 'no-store')
          .send(ReadableFrom(lines()));
      },
    );

    app.post(
      entity.path,
      {
        preValidation: policyFirst(entity, () => `${name}.create`),
        schema: {
          tags,
          summary: `Add a ${entity.label.toLowerCase()}`,
          headers: Type.Object({
            'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          }),
          body: create.body,
          response: { 200: Envelope(record) },
        },
      },
      async (request) => {
        const key = request.headers['idempotency-key'];
        const result = await runCreate(context(request), entity, request.body as Record<string, unknown>, {
          idempotencyKey: typeof key === 'string' ? key : undefined,
          requestBody: request.body,
        });
        return ok(await decorated(result.record));
      },
    );

    app.get(
      `${entity.path}/:id`,
      {
        preValidation: readFirst,
        schema: {
          tags,
          summary: `One ${entity.label.toLowerCase()}`,
          params,
          response: { 200: Envelope(record) },
        },
      },
      async (request) => {
        const visible = read(request);
        const loaded = await entity.projection.load(app.db, idOf(request), { lock: false });
        if (!loaded) throw notFound(entity, idOf(request));
        const row = entity.projection.row(loaded.snapshot as never, loaded.meta)!;
        if (outOfScope(visible, row)) throw notFound(entity, idOf(request));
        return ok(await decorated(entity.toApi(row)));
      },
    );

    const edit = entity.edit;
    if (edit) {
      app.put(
        `${entity.path}/:id`,
        {
          preValidation: policyFirstOfAny(entity, edit.actions ?? [`${name}.edit`]),
          schema: {
            tags,
            summary: `Save the ${entity.label.toLowerCase()} form (the changed fields and expectedVersion)`,
            params,
            body: edit.body,
            response: { 200: commandAnswer },
          },
        },
        async (request) => {
          const body = request.body as Record<string, unknown>;
          const { expectedVersion, ...fields } = body;
          const id = idOf(request);
          await assertInScope(request, id);
          const loaded = await entity.projection.load(app.db, id, { lock: false });
          if (!loaded) throw notFound(entity, id);
          const commands = edit.toCommand(fields, loaded.snapshot as never);
          return reply(await runCommand(context(request), entity, id, commands, expectedVersion as number));
        },
      );
    }

    const toCommand =
      entity.commands.toCommand ??
      ((body: Record<string, unknown>) => {
        const { expectedVersion: _v, ...command } = body;
        return command as unknown as Command;
      });

    app.post(
      `${entity.path}/:id/events`,
      {
        preValidation: policyFirst(entity, commandTypeOf(entity)),
        schema: {
          tags,
          summary: `Send a ${entity.label.toLowerCase()} command`,
          params,
          body: commandBody(entity.commands.fields),
          response: { 200: commandAnswer },
        },
      },
      async (request) => {
        const body = request.body as Record<string, unknown>;
        await assertInScope(request, idOf(request));
        return reply(
          await runCommand(
            context(request),
            entity,
            idOf(request),
            toCommand(body),
            body.expectedVersion as number,
          ),
        );
      },
    );

    app.get(
      `${entity.path}/:id/events`,
      {
        preValidation: readFirst,
        schema: {
          tags,
          summary: `The ${entity.label.toLowerCase()}'s history, newest first`,
          params,
          response: { 200: Envelope(Type.Array(HistoryEntry)) },
        },
      },
      async (request) => {
        read(request);
        await assertInScope(request, idOf(request));
        const id = idOf(request);
        const own = { type: entity.lifecycle.stream, id: String(id) };
        // Related records' events only for a reader who may read those records.
        const related = options.relatedHistory
          ? (await options.relatedHistory(app.db, id)).filter((r) => mayRole(actorOf(request).role, r.read))
          : [];
        const entries = options.relatedHistory
          ? await historyWith(app.db, own, related)
          : await streamHistory(app.db, own.type, own.id);
        if (entries.length === 0) throw notFound(entity, id);
        return ok(entries);
      },
    );

    // Each record's outcome, the policy's refusal included: asked per record by the pipeline, after the schema.
    app.post(
      `${entity.path}/bulk-events`,
      {
        schema: {
          tags,
          summary: `One command for several ${entity.label.toLowerCase()} records, each decided on its own`,
          body: bulkBody(entity.commands.fields, MAX_BULK),
        },
      },
      async (request) => {
        const { items, ...rest } = request.body as {
          items: Array<{ id: number; expectedVersion: number }>;
        } & Record<string, unknown>;
        const command = toCommand(rest);
        // Each record once: a second listing would be refused as changed by someone else (its first one did).
        const seen = new Set<number>();
        for (const [i, item] of items.entries()) {
          if (seen.has(item.id)) {
            throw new ValidationError(
              `items[${i}].id: record ${item.id} is listed twice.`,
              `items[${i}].id`,
              {
                key: 'errors.validation.listedTwice',
                values: { id: item.id },
              },
            );
          }
          seen.add(item.id);
        }
        const results = [];
        for (const item of items) {
          try {
            await assertInScope(request, item.id);
            const result = await runCommand(context(request), entity, item.id, command, item.expectedVersion);
            results.push({
              id: item.id,
              ok: true,
              err_code: 200,
              err_msg: 'ok',
              [entity.responseKey]: await decorated(result.record),
            });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            const data = withReasonKey(error);
            results.push({
              id: item.id,
              ok: false,
              err_code: error.errCode,
              err_msg: messageInLanguage(error.message, data, request.headers['accept-language']),
              data,
            });
          }
        }
        return ok({ results });
      },
    );

    options.more?.(app, context);
  };
}

/** A Node readable stream of the generator's strings (Fastify streams it, honouring back-pressure). */
function ReadableFrom(source: AsyncGenerator<string>): Readable {
  return Readable.from(source, { objectMode: false });
}
