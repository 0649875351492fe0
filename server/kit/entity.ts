import type { Kysely } from 'kysely';
import type { TSchema } from 'typebox';
import type { SnapshotFrom } from 'xstate';
import type { AnyLifecycle, Command, Fact } from '../../src/machines/lifecycles/lifecycle';
import type { Database } from '../db/schema';
import type { Actor } from '../events/store';
import type { ItemColumns } from './listItems';
import type { ListSource, ListSpec, ReadScope } from './listQuery';
import type { PipelineContext } from './pipeline';
import type { Projection } from './projection';
import type { CommandFields } from './schemas';

/**
 * An entity, declared: everything the shared pipeline, routes, list query and rebuild need to know about it, and
 * nothing they can work out for themselves. A module declares its lifecycle, its read model, its schemas, its
 * cross-entity guards and its list; `entityRoutes` and the pipeline do the rest.
 */

export type SnapshotOfLifecycle<L extends AnyLifecycle> = SnapshotFrom<L['machine']>;

/** What a cross-entity guard sees: the command about to be decided, inside its transaction. */
export interface GuardContext<S = unknown, C extends Command = Command> {
  trx: Kysely<Database>;
  actor: Actor;
  /** The record's id (for a create: the id it is about to get). */
  id: number;
  command: C;
  /** The record as it is; undefined for a create. */
  snapshot: S | undefined;
}

/**
 * A named rule that needs another entity's state (a supplier's city must be an open service city). It reads that
 * state through the other module's port, never its tables, may lock what it read for the transaction, and
 * either refuses (throws an AppError with a reason key) or returns the command it refined (the city's own
 * spelling), or nothing.
 */
export interface CrossGuard<S = unknown, C extends Command = Command> {
  name: string;
  check: (ctx: GuardContext<S, C>) => Promise<C | void>;
  /**
   * Locks what `check` will read before the pipeline locks the record itself, when the other entity's own
   * commands lock the two the other way round (a city rename locks the city, then the commission its override
   * follows; an override set on a city must then lock the city before the commission, or the two deadlock).
   */
  lockFirst?: (ctx: Omit<GuardContext<S, C>, 'snapshot'>) => Promise<void>;
}

/** Per-field problems of a state (profile rules that need the clock, form rules): a 400 listing them. */
export interface FieldProblem {
  field: string;
  /** i18n key. */
  key: string;
  /** English. */
  message: string;
  /** What the key's text is filled in with (a limit), where it has any. */
  values?: Record<string, string | number>;
}

export interface EntitySpec<L extends AnyLifecycle = AnyLifecycle, TApi = unknown> {
  lifecycle: L;
  /** For messages and docs: 'Supplier', 'Service city'. */
  label: string;
  /** The resource path: '/api/suppliers'. */
  path: string;
  /** The key of the record in a command's answer: `{ supplier, event, events }`. */
  responseKey: string;
  projection: Projection<SnapshotOfLifecycle<L>> & { table?: keyof Database & string };
  /** The id sequence of new records (none for a singleton). */
  idSequence?: string;
  /** A singleton (the commission settings): one stream, this id, no create, version 0 before its first fact. */
  singleton?: { streamId: string };
  /** The API shape of a record (its row, with meta). */
  toApi: (row: Record<string, unknown>) => TApi;
  /** TypeBox schema of the API shape (docs, serialisation). */
  apiSchema: TSchema;
  create?: {
    /** The body of `POST <path>`. */
    body: TSchema;
    /** The creation fact's data, from a valid body (may refuse with a ValidationError). */
    data: (body: Record<string, unknown>) => object;
  };
  /** Each command's own fields (schemas.ts), and how a body becomes a command (default: drop `expectedVersion`). */
  commands: {
    fields: CommandFields;
    toCommand?: (body: Record<string, unknown>) => Command;
  };
  /** The `PUT <path>/:id` convenience: an edit form's fields → one command. */
  edit?: {
    body: TSchema;
    /**
     * The command types the edit can make, for the policy asked before the schema (a role that may take none of
     * them is refused first); `<entity>.edit` unless said.
     */
    actions?: readonly string[];
    toCommand: (body: Record<string, unknown>, snapshot: SnapshotOfLifecycle<L>) => Command | Command[];
  };
  /** Problems of the state a create or a command leaves (a 400 listing them); `today` is YYYY-MM-DD. */
  validate?: (snapshot: SnapshotOfLifecycle<L>, today: string) => FieldProblem[];
  /**
   * Facts about other records that the lifecycle's own guards read (the suppliers in a city), loaded into the
   * snapshot's context before a command is decided, through the other module's port. Never stored with the record:
   * the console feeds the same fields from what its rows carry.
   */
  feed?: (ctx: GuardContext<SnapshotOfLifecycle<L>, Command>) => Promise<Record<string, unknown>>;
  /** Cross-entity guards by command type (`create` for creation). */
  guards?: Record<string, CrossGuard<SnapshotOfLifecycle<L>, never>[]>;
  list?: ListSpec;
  /**
   * Fields of the list's rows worked out by its statement (a price in fen as yuan text, a count through another
   * module's port: server/kit/listItems.ts).
   */
  listItemColumns?: ItemColumns;
  /**
   * Which records `actor` may read, when not every one: the column that must hold a value (a member's own
   * requests), or null for all. The list, its counts and export read only those; another record reads as 404.
   */
  readScope?: (actor: Actor) => ReadScope | null;
  /**
   * A view over the projection's table that the list, its counts and its export read instead of the table: the
   * table's columns plus derived ones (an activity's state by the clock). Created by the entity's migration.
   */
  listView?: string;
  /** The projection's column naming a record in words (a supplier's name, an order's number): the workplace's feed. */
  title?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEntity = EntitySpec<AnyLifecycle, any>;

export function defineEntity<L extends AnyLifecycle, TApi>(spec: EntitySpec<L, TApi>): EntitySpec<L, TApi> {
  return spec;
}

/**
 * What an entity's list reads, for every reader before its scope: its view or table, and the fields its statement
 * works out. Make one per list and keep it: a list's statements are kept per source (`compiledOnce`).
 */
export function listSourceOf(entity: AnyEntity): ListSource {
  return { table: entity.listView ?? entity.projection.table!, itemColumns: entity.listItemColumns };
}

/** Something another module does in the same transaction when a fact is stored (a commission override follows a
 * renamed city). */
export interface ReactionContext {
  trx: Kysely<Database>;
  actor: Actor;
  /** The pipeline inside the same transaction, for commands that follow (runCommand with 'current'). */
  pipeline: PipelineContext;
  fact: Fact;
  /** The stream the fact was stored in. */
  streamType: string;
  streamId: string;
  version: number;
}

export type Reaction = (ctx: ReactionContext) => Promise<void>;
export type Reactions = Record<string, Reaction[]>;
