import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { mayRole, policyReason } from '../../src/contract/policy';
import { REASON } from '../../src/contract/errors';
import { decide, evolve, start, type Command, type Fact } from '../../src/machines/lifecycles/lifecycle';
import type { Database } from '../db/schema';
import {
  AppError,
  ErrCode,
  Forbidden,
  IllegalTransition,
  NotFound,
  ValidationError,
  VersionConflict,
  reasonData,
} from '../errors';
import { streamHistory } from '../events/history';
import { appendEvent, type Actor } from '../events/store';
import { type AnyEntity, type FieldProblem, type GuardContext, type Reactions } from './entity';
import type { StreamMeta } from './projection';
import { signedInAs } from './signedInAs';

/**
 * The one command pipeline. Every entity's create and command goes through here, in this order:
 *
 *   policy (403) → transaction { guards' early locks → load and lock (404) → expected version (409 / 40901) → cross-entity guards
 *   → decide (409 / 40902; 400 when what it refuses is one of the command's own values) → append the facts
 *   → evolve → validate the state (400) → save the read model
 *   → reactions of other modules } → answer with the new state and version
 *
 * Schema validation of the body happens before, in the route (Fastify + TypeBox). A transaction that loses a
 * deadlock, a serialisation race or a unique index to another one is run again (up to 3 times) rather than
 * answered with a 500.
 */

export interface PipelineContext {
  db: Kysely<Database>;
  actor: Actor;
  /** Other modules' reactions to facts, by fact type (app.reactions). */
  reactions?: Reactions;
  /** YYYY-MM-DD for date rules; today (UTC) by default. */
  today?: string;
}

export interface CommandResult {
  /** The record as the API shows it, or null when the command removed it. */
  record: unknown;
  version: number;
  events: Array<{ type: string; version: number }>;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** How many of the changes made since a sender loaded a record its version conflict names (newest first). */
export const MEANWHILE_SHOWN = 5;

/** 403 unless the policy table lists the actor's role for `action`; the refusal names it as `said` says, if given. */
export function assertPolicy(entity: AnyEntity, actor: Actor, action: string, said?: string): void {
  if (mayRole(actor.role, action)) return;
  const label =
    said ??
    (entity.lifecycle.actionLabels as Record<string, string>)[action] ??
    `${action.endsWith('.create') ? 'add' : 'change'} ${entity.label.toLowerCase()} records`;
  const reason = policyReason(action);
  const who = `you are signed in as ${signedInAs(actor.role)}`;
  const message = {
    'policy.adminOnly': `Only administrators may ${label}; ${who}.`,
    'policy.appsOnly': `Only the marketplace apps may ${label} (customers and suppliers act there, not in the console); ${who}.`,
    'policy.never': `Nobody may ${label} directly: it happens as a consequence of another action; ${who}.`,
  }[reason];
  throw new Forbidden(message, reason);
}

/**
 * Postgres codes of a transaction that lost a race to another one and is worth running again: a deadlock, a
 * serialisation failure, and a unique violation the guards could not see coming (two creates of one city name both
 * found the name free; the second waited on the index and is refused there). Run again, the guards see what the
 * other committed and refuse in words (409 "name taken"), or an Idempotency-Key replays the first record.
 */
const RACE_CODES = new Set(['40P01', '40001', '23505']);

/** Runs `work` in a transaction (or in the caller's), again when it lost a race to another transaction. */
export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt < 3 && RACE_CODES.has(code as string)) continue;
      throw error;
    }
  }
}

/** A 400 naming the first problem, with every problem in `data.errors` (the form shows them by field). */
export function problemsError(problems: FieldProblem[]): ValidationError {
  const first = problems[0];
  return new ValidationError(`Invalid ${first.field}: ${first.message}.`, first.field, {
    key: first.key,
    ...(first.values ? { values: first.values } : {}),
    extra: {
      errors: problems.map((p) => ({
        field: p.field,
        key: p.key,
        message: p.message,
        ...(p.values ? { values: p.values } : {}),
      })),
    },
  });
}

async function runGuards(
  entity: AnyEntity,
  key: string,
  ctx: GuardContext<unknown, Command>,
): Promise<Command> {
  let command = ctx.command;
  for (const guard of entity.guards?.[key] ?? []) {
    const refined = await (guard.check as (c: GuardContext<unknown, Command>) => Promise<Command | void>)({
      ...ctx,
      command,
    });
    if (refined) command = refined;
  }
  return command;
}

/** Appends facts from `version` and returns what was stored. */
async function append(
  trx: Kysely<Database>,
  ctx: PipelineContext,
  streamType: string,
  streamId: string,
  version: number,
  facts: Fact[],
  extraData?: Record<string, unknown>,
): Promise<{ events: Array<{ type: string; version: number }>; occurredAt: Date; version: number }> {
  const events: Array<{ type: string; version: number }> = [];
  let at = new Date();
  let current = version;
  for (const fact of facts) {
    const stored = await appendEvent(trx, {
      streamType,
      streamId,
      expectedVersion: current,
      type: fact.type,
      data: { ...fact.data, ...extraData },
      reason: fact.reason ?? null,
      actor: ctx.actor,
    });
    current = stored.version;
    at = stored.occurredAt;
    events.push({ type: stored.type, version: stored.version });
  }
  return { events, occurredAt: at, version: current };
}

/**
 * Runs other modules' reactions to the facts just stored, in the same transaction, after the record's own read
 * model is saved (so a reaction that reads it, or sends a command back to it, sees the new state). A reaction that
 * fails fails the whole command: both records change, or neither.
 */
async function react(
  trx: Kysely<Database>,
  ctx: PipelineContext,
  streamType: string,
  streamId: string,
  facts: Fact[],
  events: Array<{ type: string; version: number }>,
): Promise<void> {
  for (const [i, fact] of facts.entries()) {
    for (const reaction of ctx.reactions?.[fact.type] ?? []) {
      await reaction({
        trx,
        actor: ctx.actor,
        pipeline: { ...ctx, db: trx },
        fact,
        streamType,
        streamId,
        version: events[i].version,
      });
    }
  }
}

function answer(entity: AnyEntity, snapshot: unknown, meta: StreamMeta): unknown {
  const row = entity.projection.row(snapshot as never, meta);
  return row === null ? null : entity.toApi(row);
}

/**
 * Decides and stores one command (or several, judged in turn against one expected version: an edit form that
 * renames, re-ranks and closes a city) on record `id`.
 */
export async function runCommand(
  ctx: PipelineContext,
  entity: AnyEntity,
  id: number,
  commands: Command | Command[],
  /** The version the sender loaded; `'current'` for a command that follows another in its transaction. */
  expectedVersion: number | 'current',
  options: { extraData?: Record<string, unknown>; skipPolicy?: boolean } = {},
): Promise<CommandResult> {
  const list = Array.isArray(commands) ? commands : [commands];
  if (!options.skipPolicy) for (const command of list) assertPolicy(entity, ctx.actor, command.type);
  const lifecycle = entity.lifecycle;
  return inTransaction(ctx.db, async (trx) => {
    for (const command of list) {
      for (const guard of entity.guards?.[command.type] ?? []) {
        await guard.lockFirst?.({ trx, actor: ctx.actor, id, command: command as never });
      }
    }
    const loaded = await entity.projection.load(trx, id, { lock: true });
    if (!loaded) throw notFound(entity, id);
    if (expectedVersion !== 'current' && loaded.meta.version !== expectedVersion) {
      throw new VersionConflict(undefined, {
        ...reasonData('errors.versionConflict'),
        expected_version: expectedVersion,
        current_version: loaded.meta.version,
        // What happened since the sender loaded it, newest first: who changed it, and how.
        meanwhile: await streamHistory(
          trx,
          lifecycle.stream,
          entity.singleton?.streamId ?? String(id),
          MEANWHILE_SHOWN,
          expectedVersion,
        ),
      });
    }
    let snapshot = loaded.snapshot;
    if (entity.feed) {
      const world = await entity.feed({
        trx,
        actor: ctx.actor,
        id,
        command: list[0],
        snapshot: snapshot as never,
      });
      snapshot = lifecycle.machine.resolveState({
        value: (snapshot as unknown as { value: never }).value,
        context: { ...(snapshot as { context: object }).context, ...world },
      });
    }
    const facts: Fact[] = [];
    for (const raw of list) {
      const command = await runGuards(entity, raw.type, {
        trx,
        actor: ctx.actor,
        id,
        command: raw,
        snapshot,
      });
      const decision = decide(lifecycle, snapshot as never, command);
      if (!decision.accepted && decision.field) {
        throw new ValidationError(decision.message, decision.field, {
          key: decision.reasonKey,
          values: decision.values,
          extra: { action: command.type },
        });
      }
      if (!decision.accepted) {
        throw new IllegalTransition(decision.message, {
          ...reasonData(decision.reasonKey, decision.values),
          action: command.type,
          state: lifecycle.describe(snapshot as never),
        });
      }
      facts.push(...decision.facts);
      snapshot = decision.facts.reduce((s, fact) => evolve(lifecycle, s as never, fact), snapshot);
    }
    const problems = entity.validate?.(snapshot as never, ctx.today ?? todayUtc()) ?? [];
    if (problems.length) throw problemsError(problems);
    const streamId = entity.singleton?.streamId ?? String(id);
    const stored = await append(
      trx,
      ctx,
      lifecycle.stream,
      streamId,
      loaded.meta.version,
      facts,
      options.extraData,
    );
    const meta = {
      ...loaded.meta,
      version: stored.version,
      updatedAt: stored.occurredAt,
      updatedBy: ctx.actor.id,
    };
    await entity.projection.save(trx, snapshot as never, meta, false);
    await react(trx, ctx, lifecycle.stream, streamId, facts, stored.events);
    return { record: answer(entity, snapshot, meta), version: stored.version, events: stored.events };
  });
}

export function notFound(entity: AnyEntity, id: number): NotFound {
  return new NotFound(`${entity.label} ${id} does not exist.`, `errors.notFound.${entity.lifecycle.name}`, {
    id,
  });
}

export interface CreateOptions {
  /** The client's `Idempotency-Key`: a retried create answers with the record the first one made. */
  idempotencyKey?: string;
  /** The request body as sent, to tell a retry from a different request under the same key. */
  requestBody?: unknown;
  /** A create that follows another command in its transaction (its policy was checked there). */
  skipPolicy?: boolean;
}

/** Creates a record: its creation fact at version 1, decided by the entity's validation and cross guards. */
export async function runCreate(
  ctx: PipelineContext,
  entity: AnyEntity,
  body: Record<string, unknown>,
  options: CreateOptions = {},
): Promise<CommandResult> {
  if (!options.skipPolicy) assertPolicy(entity, ctx.actor, `${entity.lifecycle.name}.create`);
  return createOnce(ctx, entity, body, options);
}

async function createOnce(
  ctx: PipelineContext,
  entity: AnyEntity,
  body: Record<string, unknown>,
  options: CreateOptions,
): Promise<CommandResult> {
  const lifecycle = entity.lifecycle;
  return inTransaction(ctx.db, async (trx) => {
    if (options.idempotencyKey) {
      await lockKey(trx, ctx.actor, options.idempotencyKey);
      const earlier = await idempotentReplay(trx, ctx.actor, entity, options);
      if (earlier) return earlier;
    }
    if (!entity.create || !entity.idSequence) throw new Error(`${entity.label} records are not created.`);
    const data = entity.create.data(body);
    const { id } = await sql<{ id: number }>`select nextval(${entity.idSequence})::int as id`
      .execute(trx)
      .then((r) => r.rows[0]);
    const refined = await runGuards(entity, 'create', {
      trx,
      actor: ctx.actor,
      id,
      command: { type: `${lifecycle.name}.create`, ...data } as Command,
      snapshot: undefined,
    });
    const { type: _type, ...creation } = refined as Command & Record<string, unknown>;
    const snapshot = start(lifecycle, creation);
    const problems = entity.validate?.(snapshot as never, ctx.today ?? todayUtc()) ?? [];
    if (problems.length) throw problemsError(problems);
    const createdFacts = [{ type: lifecycle.createdFact!, data: creation }];
    const stored = await append(trx, ctx, lifecycle.stream, String(id), 0, createdFacts);
    const meta = {
      id,
      version: stored.version,
      createdBy: ctx.actor.id,
      createdAt: stored.occurredAt,
      updatedAt: stored.occurredAt,
    };
    await entity.projection.save(trx, snapshot as never, meta, true);
    await react(trx, ctx, lifecycle.stream, String(id), createdFacts, stored.events);
    if (options.idempotencyKey) await rememberIdempotent(trx, ctx.actor, entity, options, id);
    return { record: answer(entity, snapshot, meta), version: stored.version, events: stored.events };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Idempotency-Key on creates: the key, per signed-in user, remembers which record it created and a hash of the
// request; a retry (a lost answer) gets that record instead of a duplicate; the same key with another request is
// refused (422). The key row is written in the create's transaction, so a key exists exactly when its record does,
// and creates with one key take turns (a lock on the key for the transaction), so a concurrent retry replays too.

const hashOf = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(value ?? null))
    .digest('hex');

/**
 * One create per key at a time: a request whose key is being used by a create still running waits here until
 * that one ends, then finds its record. Without it, a request could miss the other's key (not committed yet) and
 * then meet its record in a guard (a city name taken: 409) instead of replaying it.
 */
async function lockKey(trx: Kysely<Database>, actor: Actor, key: string): Promise<void> {
  const lockId = createHash('sha256')
    .update(`${actor.id ?? 0}:${key}`)
    .digest()
    .readBigInt64BE(0);
  await sql`select pg_advisory_xact_lock(${lockId.toString()}::bigint)`.execute(trx);
}

async function idempotentReplay(
  trx: Kysely<Database>,
  actor: Actor,
  entity: AnyEntity,
  options: CreateOptions,
): Promise<CommandResult | undefined> {
  const earlier = await trx
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('actor_id', '=', actor.id ?? 0)
    .where('key', '=', options.idempotencyKey!)
    .executeTakeFirst();
  if (!earlier) return undefined;
  if (
    earlier.stream_type !== entity.lifecycle.stream ||
    earlier.request_hash !== hashOf(options.requestBody)
  ) {
    throw new AppError(
      422,
      ErrCode.idempotencyMismatch,
      'This Idempotency-Key was already used for a different request. Send a new key for a new record.',
      reasonData(REASON.idempotencyMismatch),
    );
  }
  const loaded = await entity.projection.load(trx, Number(earlier.stream_id), { lock: false });
  if (!loaded) throw notFound(entity, Number(earlier.stream_id));
  return {
    record: answer(entity, loaded.snapshot, loaded.meta),
    version: loaded.meta.version,
    events: [],
  };
}

async function rememberIdempotent(
  trx: Kysely<Database>,
  actor: Actor,
  entity: AnyEntity,
  options: CreateOptions,
  id: number,
): Promise<void> {
  // Creates with one key take turns (lockKey), so no other request holds this key; if one did, its primary key
  // would refuse this insert and the create would run again as a replay (inTransaction).
  await trx
    .insertInto('idempotency_keys')
    .values({
      actor_id: actor.id ?? 0,
      key: options.idempotencyKey!,
      stream_type: entity.lifecycle.stream,
      stream_id: String(id),
      request_hash: hashOf(options.requestBody),
    })
    .execute();
}
