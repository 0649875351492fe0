import { sql, type Kysely } from 'kysely';
import {
  decide,
  evolve,
  start,
  type Command,
  type Decision,
  type Fact,
} from '../../src/machines/lifecycles/lifecycle';
import type { AnyMachineSnapshot } from 'xstate';
import { toJsonb, type Database } from '../db/schema';
import type { Actor } from '../events/store';
import type { AnyEntity } from './entity';
import type { Loaded, StreamMeta } from './projection';

/**
 * The command pipeline in memory, for making data in bulk (the demo seed, `npm run generate`): every command is
 * decided by its lifecycle and evolved exactly as the pipeline does, what it sets in motion in other records runs
 * as follow-up commands (`followUps`, the same table the server's reactions run), and the rows are what the
 * entities' projections make of the final states. Then the facts and rows are written in batches.
 *
 * What it leaves out is what bulk work does not need: locks, expected versions, the policy table (callers act for
 * the roles that may), cross-entity guards (callers pick records those guards would accept; the lifecycles still
 * judge every fact). It must be the only writer while it runs (the seed holds its lock; the generator says so).
 */

interface Held {
  entity: AnyEntity;
  id: number;
  snapshot: AnyMachineSnapshot;
  meta: StreamMeta;
  /** Not in the table yet. */
  isNew: boolean;
  /** Changed since it was last written. */
  dirty: boolean;
}

interface EventRow {
  stream_type: string;
  stream_id: string;
  version: number;
  type: string;
  data: string;
  actor_id: number | null;
  actor_role: string | null;
  reason: string | null;
  occurred_at: Date;
}

/** Context a lifecycle reads about other records before deciding (the server's `feed`), from what is in memory. */
export type BatchFeed = (
  batch: Batch,
  held: { id: number; snapshot: AnyMachineSnapshot },
  command: Command,
  actor: Actor,
) => Record<string, unknown>;

/** What a fact sets in motion: commands on other records, or a new record (by lifecycle name). */
export type BatchFollowUps = (
  batch: Batch,
  stream: string,
  id: number,
  fact: Fact,
  after: AnyMachineSnapshot,
) => Array<{ lifecycle: string; id: number; command: Command } | { lifecycle: string; create: object }>;

export class BatchRefusal extends Error {}

export class Batch {
  private readonly entities: Map<string, AnyEntity>;
  private readonly held = new Map<string, Held>();
  private events: EventRow[] = [];
  private readonly nextId = new Map<string, number>();
  private readonly created = new Map<string, number>();
  /** How many facts were stored, by type. */
  readonly counts = new Map<string, number>();

  constructor(
    entities: AnyEntity[],
    private readonly options: { feeds?: Record<string, BatchFeed>; followUps?: BatchFollowUps } = {},
  ) {
    this.entities = new Map(entities.map((e) => [e.lifecycle.name, e]));
  }

  private entity(name: string): AnyEntity {
    const entity = this.entities.get(name);
    if (!entity) throw new Error(`The batch knows no ${name} entity.`);
    return entity;
  }

  /** Reads where each entity's id sequence stands (ids are then handed out here, and the sequences set on write). */
  async open(db: Kysely<Database>): Promise<void> {
    for (const [name, entity] of this.entities) {
      if (!entity.idSequence) continue;
      const { rows } = await sql<{
        last_value: string;
        is_called: boolean;
      }>`select last_value, is_called from ${sql.raw(entity.idSequence)}`.execute(db);
      const last = Number(rows[0].last_value);
      this.nextId.set(name, rows[0].is_called ? last + 1 : last);
    }
  }

  /** Holds an existing record (as its projection loads it), so commands can be sent to it. */
  adopt(name: string, id: number, snapshot: AnyMachineSnapshot, meta: StreamMeta): void {
    this.held.set(`${name}:${id}`, {
      entity: this.entity(name),
      id,
      snapshot,
      meta,
      isNew: false,
      dirty: false,
    });
  }

  /** The id of the record of `name` created last (by a command's follow-up, say). */
  lastCreated(name: string): number {
    const id = this.created.get(name);
    if (id === undefined) throw new Error(`The batch created no ${name} yet.`);
    return id;
  }

  snapshot(name: string, id: number): AnyMachineSnapshot | undefined {
    return this.held.get(`${name}:${id}`)?.snapshot;
  }

  /** Creates a record from its creation fact's data; returns its id. */
  create(name: string, data: object | ((id: number) => object), actor: Actor, at: Date): number {
    const entity = this.entity(name);
    const id = this.nextId.get(name)!;
    this.nextId.set(name, id + 1);
    this.created.set(name, id);
    const creation = typeof data === 'function' ? data(id) : data;
    const snapshot = start(entity.lifecycle, creation) as AnyMachineSnapshot;
    const meta: StreamMeta = {
      id,
      version: 0,
      createdBy: actor.id,
      createdAt: at,
      updatedAt: at,
      updatedBy: actor.id,
    };
    const held: Held = { entity, id, snapshot, meta, isNew: true, dirty: true };
    this.held.set(`${name}:${id}`, held);
    const fact: Fact = { type: entity.lifecycle.createdFact!, data: creation as Record<string, unknown> };
    this.store(held, [fact], actor, at);
    this.follow(held, [fact], actor, at);
    return id;
  }

  /**
   * Decides `command` on record `id`: accepted, its facts are stored and what they set in motion follows (a
   * follow-up the other record refuses is an error: callers send only what the records accept); refused, nothing
   * happens and the decision says why.
   */
  send(name: string, id: number, command: Command, actor: Actor, at: Date): Decision<AnyMachineSnapshot> {
    const held = this.held.get(`${name}:${id}`);
    if (!held) throw new Error(`The batch holds no ${name} ${id}.`);
    const lifecycle = held.entity.lifecycle;
    const feed = this.options.feeds?.[name]?.(this, held, command, actor);
    const fed = feed
      ? (lifecycle.machine.resolveState({
          value: held.snapshot.value,
          context: { ...held.snapshot.context, ...feed },
        }) as AnyMachineSnapshot)
      : held.snapshot;
    const decision = decide(lifecycle, fed, command);
    if (!decision.accepted) return decision;
    held.snapshot = decision.facts.reduce((s, fact) => evolve(lifecycle, s, fact), fed);
    this.store(held, decision.facts, actor, at);
    this.follow(held, decision.facts, actor, at);
    return decision;
  }

  private store(held: Held, facts: Fact[], actor: Actor, at: Date): void {
    for (const fact of facts) {
      held.meta.version += 1;
      this.events.push({
        stream_type: held.entity.lifecycle.stream,
        stream_id: String(held.id),
        version: held.meta.version,
        type: fact.type,
        data: toJsonb(fact.data),
        actor_id: actor.id,
        actor_role: actor.role,
        reason: fact.reason ?? null,
        occurred_at: at,
      });
      this.counts.set(fact.type, (this.counts.get(fact.type) ?? 0) + 1);
    }
    held.meta.updatedAt = at;
    held.meta.updatedBy = actor.id;
    held.dirty = true;
  }

  private follow(held: Held, facts: Fact[], actor: Actor, at: Date): void {
    const followUps = this.options.followUps;
    if (!followUps) return;
    for (const fact of facts) {
      for (const next of followUps(this, held.entity.lifecycle.stream, held.id, fact, held.snapshot)) {
        if ('create' in next) {
          this.create(next.lifecycle, next.create, actor, at);
          continue;
        }
        const decision = this.send(next.lifecycle, next.id, next.command, actor, at);
        if (!decision.accepted) {
          throw new BatchRefusal(
            `${next.command.type} on ${next.lifecycle} ${next.id} refused: ${decision.message}`,
          );
        }
      }
    }
  }

  /**
   * Stops holding the records of `names` that are written and unchanged since (finished orders and their renewals
   * and refunds), to keep memory flat over a long run; records of other entities stay held.
   */
  releaseWritten(names: readonly string[] = ['order', 'renewal', 'refund']): void {
    for (const [key, held] of this.held) {
      if (!held.dirty && names.includes(held.entity.lifecycle.name)) this.held.delete(key);
    }
  }

  /** How many records were created so far. */
  createdTotal(): number {
    return [...this.counts]
      .filter(([type]) => [...this.entities.values()].some((e) => e.lifecycle.createdFact === type))
      .reduce((n, [, c]) => n + c, 0);
  }

  /**
   * Writes the facts stored so far and the rows of the records changed (all of them, or those `which` picks),
   * then sets the id sequences past the ids handed out. Call inside a transaction.
   */
  async write(
    db: Kysely<Database>,
    which: (name: string, id: number) => boolean = () => true,
  ): Promise<void> {
    const events = this.events;
    this.events = [];
    for (let i = 0; i < events.length; i += EVENT_CHUNK) {
      await db
        .insertInto('events')
        .values(events.slice(i, i + EVENT_CHUNK))
        .execute();
    }
    // New rows by entity, written in the order the batch was given its entities: a row may read an earlier
    // entity's (a refund's project is its order's), so `which` must not hold back a record another written now
    // reads (the generator holds back only orders not finished, and writes everything else at the end).
    const inserts = new Map([...this.entities.values()].map((e) => [e, [] as Array<Loaded<unknown>>]));
    for (const held of this.held.values()) {
      if (!held.dirty || !which(held.entity.lifecycle.name, held.id)) continue;
      if (held.isNew) inserts.get(held.entity)!.push({ snapshot: held.snapshot, meta: held.meta });
      else await held.entity.projection.save(db, held.snapshot as never, held.meta, false);
      held.isNew = false;
      held.dirty = false;
    }
    for (const [entity, records] of inserts) {
      const { saveNew } = entity.projection;
      if (saveNew) await saveNew(db, records as never);
      else for (const r of records) await entity.projection.save(db, r.snapshot as never, r.meta, true);
    }
    for (const [name, next] of this.nextId) {
      const sequence = this.entity(name).idSequence!;
      if (next > 1) await sql`select setval(${sequence}, ${next - 1})`.execute(db);
    }
  }
}

/** Events per INSERT: 9 parameters each, well under PostgreSQL's 65535. */
const EVENT_CHUNK = 5000;
