import { sql, type Kysely } from 'kysely';
import {
  ACTION_LABEL,
  PROJECT_CREATED,
  PROJECT_EVENT_TYPES,
  PROJECT_STREAM,
  decide,
  initialProjectSnapshot,
  isProjectEventType,
  roleMay,
  statusOf,
  toStoredEvent,
} from '../../../src/machines/lifecycles/projectLifecycle';
import {
  DETAIL_FIELDS,
  RICH_TEXT_FIELDS,
  changedDetailFields,
  detailsFromForm,
  emptyProjectForm,
  formFromDetails,
  validateProjectForm,
  type ProjectDetails,
  type ProjectForm,
} from '../../../src/machines/lifecycles/projectDetails';
import {
  MAX_RANKING,
  isValidRanking,
  type ProjectEvent,
} from '../../../src/machines/lifecycles/projectMachine';
import type { Database } from '../../db/schema';
import { Forbidden, IllegalTransition, NotFound, ValidationError, VersionConflict } from '../../errors';
import { appendEvent, type Actor } from '../../events/store';
import { refuseUnknownFields } from '../../http/params';
import { sanitizeHtml } from '../../lib/sanitizeHtml';
import {
  detailsOf,
  insertRow,
  rowFromSnapshot,
  snapshotFromRow,
  updateRow,
  type ProjectRow,
} from './projection';

/**
 * Project commands: read and validate the body (prices in yuan → fen), sanitise rich text, decide with the shared
 * lifecycle machine, append the event with the expected stream version and update the projection, all in one
 * transaction.
 */

/**
 * Picks form fields from a body, checking their JSON types; unknown keys are refused. Prices and duration may be
 * numbers or strings (`199`, `"199.00"`); rich text is sanitised here, before anything is validated or stored.
 */
export function readFormFields(body: Record<string, unknown>, allowed: string[] = []): Partial<ProjectForm> {
  const out: Partial<Record<keyof ProjectForm, unknown>> = {};
  for (const [key, value] of Object.entries(body)) {
    if (allowed.includes(key)) continue;
    if (!(DETAIL_FIELDS as readonly string[]).includes(key)) {
      throw new ValidationError(`Unknown field "${key}".`, key);
    }
    const field = key as keyof ProjectForm;
    if (field === 'carouse_covers') {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
        throw new ValidationError('carouse_covers must be a list of image URLs.', field);
      }
      out.carouse_covers = value.map((v: string) => v.trim());
    } else if (field === 'min_price' || field === 'max_price' || field === 'duration') {
      if (value === null && field !== 'min_price') out[field] = '';
      else if (typeof value === 'number' && Number.isFinite(value)) out[field] = String(value);
      else if (typeof value === 'string') out[field] = value.trim();
      else throw new ValidationError(`${field} must be a number.`, field);
    } else {
      if (typeof value !== 'string') throw new ValidationError(`${field} must be a string.`, field);
      out[field] = (RICH_TEXT_FIELDS as readonly string[]).includes(field) ? sanitizeHtml(value) : value;
    }
  }
  return out as Partial<ProjectForm>;
}

function assertValidForm(form: ProjectForm) {
  const errors = validateProjectForm(form);
  if (errors.length) {
    const first = errors[0];
    const error = new ValidationError(`Invalid ${first.field}: ${first.message}.`, first.field);
    (error as { data: unknown }).data = {
      field: first.field,
      errors: errors.map((e) => ({ field: e.field, key: e.key, message: e.message })),
    };
    throw error;
  }
}

function readRanking(value: unknown): number {
  if (value === undefined) return 0;
  if (!isValidRanking(value)) {
    throw new ValidationError(`ranking must be a whole number from 0 to ${MAX_RANKING}.`, 'ranking');
  }
  return value;
}

export async function createProject(
  db: Kysely<Database>,
  actor: Actor,
  body: Record<string, unknown>,
): Promise<ProjectRow> {
  const { ranking: rawRanking, ...rest } = body;
  const form = { ...emptyProjectForm(), ...readFormFields(rest) };
  assertValidForm(form);
  const ranking = readRanking(rawRanking);
  const details = detailsFromForm(form);

  return db.transaction().execute(async (trx) => {
    const { id } = await sql<{ id: number }>`select nextval('project_id_seq')::int as id`
      .execute(trx)
      .then((r) => r.rows[0]);
    const stored = await appendEvent(trx, {
      streamType: PROJECT_STREAM,
      streamId: String(id),
      expectedVersion: 0,
      type: PROJECT_CREATED,
      data: { details, ranking },
      actor,
    });
    await insertRow(
      trx,
      rowFromSnapshot(initialProjectSnapshot({ details, ranking }), {
        id,
        version: stored.version,
        createdBy: actor.id,
        createdAt: stored.occurredAt,
        updatedAt: stored.occurredAt,
      }),
    );
    return trx.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
}

/** Turns a command body into a machine event, or a 400 naming the field. Edits go through `PUT`. */
export function parseProjectEvent(body: Record<string, unknown>): ProjectEvent {
  const { type } = body;
  if (!isProjectEventType(type) || type === 'project.edit') {
    const types = PROJECT_EVENT_TYPES.filter((t) => t !== 'project.edit');
    throw new ValidationError(`type must be one of ${types.join(', ')}.`, 'type');
  }
  refuseUnknownFields(
    body,
    ['type', 'expectedVersion', ...(type === 'project.rank' ? ['ranking'] : [])],
    type,
  );
  if (type === 'project.rank') {
    if (!isValidRanking(body.ranking)) {
      throw new ValidationError(`ranking must be a whole number from 0 to ${MAX_RANKING}.`, 'ranking');
    }
    return { type, ranking: body.ranking };
  }
  return { type } as ProjectEvent;
}

/** An edit, given the form fields that were sent: the whole resulting form must be valid. */
export type ProjectCommand = ProjectEvent | { type: 'project.editForm'; fields: Partial<ProjectForm> };

export interface CommandResult {
  project: ProjectRow;
  event: { type: string; version: number };
}

/**
 * Decides a command against the project as it is now. Order of checks: role (403), existence (404), expected
 * version (409 version conflict: reload first), for edits the resulting form's validity (400), then the
 * lifecycle (409 illegal transition naming state and action).
 */
export async function sendProjectCommand(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  command: ProjectCommand,
  expectedVersion: number,
): Promise<CommandResult> {
  const eventType = command.type === 'project.editForm' ? 'project.edit' : command.type;
  if (!roleMay(actor.role, eventType)) throw new Forbidden(`Only admins may ${ACTION_LABEL[eventType]}.`);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new NotFound(`Project ${id} does not exist.`);
    if (row.version !== expectedVersion) {
      throw new VersionConflict(undefined, {
        expected_version: expectedVersion,
        current_version: row.version,
      });
    }
    const current = detailsOf(row);
    let event: ProjectEvent;
    if (command.type === 'project.editForm') {
      const form = { ...formFromDetails(current), ...command.fields };
      assertValidForm(form);
      const next = detailsFromForm(form);
      const changes: Partial<ProjectDetails> = {};
      for (const f of changedDetailFields(current, next)) (changes as Record<string, unknown>)[f] = next[f];
      event = { type: 'project.edit', changes };
    } else {
      event = command;
    }
    const snapshot = snapshotFromRow(row);
    const decision = decide(snapshot, event);
    if (!decision.accepted) {
      throw new IllegalTransition(decision.message, {
        action: event.type,
        reason_key: decision.reasonKey,
        state: statusOf(snapshot),
      });
    }
    const stored = toStoredEvent(event, snapshot.context);
    const appended = await appendEvent(trx, {
      streamType: PROJECT_STREAM,
      streamId: String(id),
      expectedVersion,
      type: stored.type,
      data: stored.data,
      reason: stored.reason,
      actor,
    });
    await updateRow(
      trx,
      rowFromSnapshot(decision.snapshot, {
        id,
        version: appended.version,
        createdBy: row.created_by,
        createdAt: row.created_at,
        updatedAt: appended.occurredAt,
      }),
    );
    const project = await trx
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { project, event: { type: appended.type, version: appended.version } };
  });
}
