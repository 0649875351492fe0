import { ValidationError } from '../errors';

/**
 * Request-reading helpers shared by every entity's routes, so a bad id, a bad expectedVersion or an unknown
 * command field is answered the same way everywhere (400, message naming the problem, data.field).
 */

/** Ids are Postgres integers; anything larger cannot exist. */
export const MAX_ID = 2_147_483_647;

/** The id of a URL (`/api/<entity>/:id`), or a 400 a person can act on: "Project id must be a positive whole number." */
export function idParam(raw: unknown, entity: string): number {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^[1-9][0-9]*$/.test(text)) {
    throw new ValidationError(`${entity} id must be a positive whole number.`, 'id');
  }
  const id = Number(text);
  if (id > MAX_ID) {
    throw new ValidationError(`${entity} id must be a positive whole number up to ${MAX_ID}.`, 'id');
  }
  return id;
}

/**
 * The version the client loaded: required, a whole number from `min` (1 for entities; 0 for a singleton stream
 * that may not have started yet). `fromQuery` also accepts its decimal text (a DELETE's query string).
 */
export function expectedVersionOf(
  value: unknown,
  options: { min?: number; fromQuery?: boolean } = {},
): number {
  const min = options.min ?? 1;
  if (value === undefined || value === null || value === '') {
    throw new ValidationError('expectedVersion (the version you loaded) is required.', 'expectedVersion');
  }
  const v = options.fromQuery && typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) {
    throw new ValidationError(
      `expectedVersion must be a whole number from ${min} (the version you loaded), not ${JSON.stringify(value)}.`,
      'expectedVersion',
    );
  }
  return v;
}

/** Refuses the first key of `body` that is not in `allowed`: `Unknown field "foo" for project.show.` */
export function refuseUnknownFields(
  body: Record<string, unknown>,
  allowed: readonly string[],
  context?: string,
): void {
  const unknown = Object.keys(body).find((key) => !allowed.includes(key));
  if (unknown !== undefined) {
    throw new ValidationError(`Unknown field "${unknown}"${context ? ` for ${context}` : ''}.`, unknown);
  }
}
