import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  ErrCode,
  Forbidden,
  NotFound,
  PayloadTooLarge,
  TooManyRequests,
  UnsupportedMediaType,
  ValidationError,
  withReasonKey,
} from '../errors';
import { REASON } from '../../src/contract/errors';
import { BOUNDS, SCHEMA_REASON, type SchemaReason } from '../kit/schemas';
import { failure } from './envelope';
import { messageInLanguage } from './language';

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  /** With ajv's `verbose`: the schema that refused the value, and the value. */
  parentSchema?: unknown;
  data?: unknown;
}

/**
 * The one place errors become envelopes. 4xx say what is wrong in words (in Chinese when the caller prefers it);
 * 5xx never show internals.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(error, request);
  if (appError.statusCode >= 500) request.log.error({ error: errorForLog(error) }, 'request failed');
  if (appError instanceof TooManyRequests) reply.header('retry-after', String(appError.retryAfterSeconds));
  const data = withReasonKey(appError);
  const message = messageInLanguage(appError.message, data, request.headers['accept-language']);
  void reply.status(appError.statusCode).send(failure(appError.errCode, message, data));
}

export function toAppError(error: FastifyError | Error, request?: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError & { validation?: SchemaIssue[]; validationContext?: string };
  const url = request?.url.split('?')[0] ?? '';
  const status = fastifyError.statusCode;
  const clientError = typeof status === 'number' && status >= 400 && status < 500;
  if (request?.is404 && (clientError || error instanceof SyntaxError)) {
    // Fastify reads the body before it runs the not-found handler: for an unknown endpoint, a bad body (invalid
    // JSON, too large, wrong type) is beside the point; the endpoint not existing is the answer.
    return url.startsWith('/uploads/')
      ? new NotFound('File not found.')
      : new NotFound(`No such endpoint: ${request.method} ${url}.`);
  }
  if (status === 403 && url.startsWith('/uploads/')) {
    // @fastify/static refuses `..`, dot files and the like with a bare "Forbidden".
    return new Forbidden('This file path is not allowed: use the path returned by the upload.');
  }
  if (Array.isArray(fastifyError.validation)) {
    return schemaError(fastifyError.validation, fastifyError.validationContext ?? 'body');
  }
  const limit = request?.routeOptions.bodyLimit ?? request?.server.initialConfig.bodyLimit;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new PayloadTooLarge(
        `The request body is too large${limit ? `: the limit is ${formatBytes(limit)}` : ''}.`,
      );
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLarge('The file is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new UnsupportedMediaType(
        `Unsupported content type ${JSON.stringify(request?.headers['content-type'] ?? '')}: send application/json (or multipart/form-data for uploads).`,
      );
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new UnsupportedMediaType('This endpoint expects multipart/form-data.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ValidationError('The request body is empty, but its content type says it is JSON.', null, {
        key: REASON.bodyType,
      });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return invalidJson();
    case 'FST_FILES_LIMIT':
      return new ValidationError('Send one file per upload.', 'file', { key: REASON.oneFile });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ValidationError('The upload has too many fields.');
    case 'FST_PROTO_VIOLATION':
      return new ValidationError('The request body contains a forbidden property name.');
  }
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    if (/JSON/i.test(error.message) || error instanceof SyntaxError) return invalidJson();
  }
  if (clientError) {
    // Other client errors from Fastify and its plugins: their messages describe the request, not our internals.
    return new AppError(status, status, error.message);
  }
  return new AppError(500, ErrCode.internal, 'Internal server error. Please try again later.');
}

const invalidJson = () =>
  new ValidationError('The request body is not valid JSON.', null, { key: REASON.invalidJson });

/**
 * A schema refusal in words: the first issue, naming the field by its path (or the schema's `title`), saying
 * what the value must be (the schema's `description` where it has one), with a reason key for the console.
 */
function schemaError(issues: SchemaIssue[], context: string): ValidationError {
  // A value none of a union of values takes fails each value first (`sort` is not '': "one of ."); the union's own
  // issue, which says what the value must be, comes after them.
  const first = issues[0];
  const issue =
    issues.find(
      (i) =>
        first?.keyword === 'const' &&
        i.keyword === 'anyOf' &&
        i.instancePath === first?.instancePath &&
        (i.parentSchema as { description?: string } | undefined)?.description,
    ) ?? first;
  if (!issue) return new ValidationError('The request is invalid.');
  const path = issue.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
  const schema = (issue.parentSchema ?? {}) as { title?: string; description?: string };
  const where = context === 'body' ? 'The request body' : `The ${context}`;
  const name = schema.title ?? path;
  const fail = (
    message: string,
    field: string | null,
    key: string,
    values?: Record<string, string | number>,
  ) => new ValidationError(message, field, { key, values: { ...values, ...(field ? { field: name } : {}) } });
  switch (issue.keyword) {
    case 'required': {
      const missing = String(issue.params.missingProperty ?? '');
      const field = path ? `${path}.${missing}` : missing;
      // Where it goes, when that is not the body (a delete's expectedVersion is in the query string).
      return context === 'querystring'
        ? new ValidationError(`${field} is required in the query string.`, field, {
            key: REASON.requiredInQuery,
          })
        : new ValidationError(`${field} is required.`, field, { key: REASON.required });
    }
    case 'additionalProperties': {
      const extra = String(issue.params.additionalProperty ?? '');
      const field = path ? `${path}.${extra}` : extra;
      const command = (issue.parentSchema as { title?: string } | undefined)?.title;
      const forWhat = command && /^[a-zA-Z]+\.[a-zA-Z]+$/.test(command) ? ` for ${command}` : '';
      return new ValidationError(`Unknown field "${field}"${forWhat}.`, field, { key: REASON.unknownField });
    }
    case 'discriminator': {
      const field = String(issue.params.tag ?? 'type');
      const described = schema.description ?? `${field} is not one of the accepted values`;
      const types = ((issue.parentSchema as { oneOf?: Array<{ title?: unknown }> } | undefined)?.oneOf ?? [])
        .map((variant) => variant.title)
        .filter((title): title is string => typeof title === 'string');
      return new ValidationError(
        `${described.replace(/^type is/, `${field} must be`)}.`,
        field,
        types.length > 0 ? { key: REASON.oneOf, values: { field, values: types.join(', ') } } : undefined,
      );
    }
  }
  // The body (or query) as a whole is of the wrong shape: an array, a string, null, nothing at all.
  if (!path) return new ValidationError(`${where} must be a JSON object.`, null, { key: REASON.bodyType });
  const said = reasonOf(issue, name);
  if (schema.description) {
    // The refused value is echoed when it is short, so a client sees what it actually sent.
    const sent = issue.data;
    const shown =
      typeof sent === 'number' || typeof sent === 'boolean' || (typeof sent === 'string' && sent.length <= 40)
        ? JSON.stringify(sent)
        : null;
    // The English says the description (a phrase, "a whole number from 1 to 30", or a rule's own sentence, "A frame
    // rate is …"); the reason says as much in either language where the schema or the keyword gives it, else only
    // that the value is not valid.
    const sentence = /^[A-Z].*\.$/.test(schema.description);
    const english = sentence
      ? `${name}: ${schema.description}${shown === null ? '' : ` Not ${shown}.`}`
      : `${name} must be ${schema.description}${shown === null ? '' : `, not ${shown}`}.`;
    return fail(english, path, said?.key ?? REASON.invalid, said?.values);
  }
  if (said) return fail(said.english, path, said.key, said.values);
  return fail(`${name} is not valid.`, path, REASON.invalid);
}

interface Said {
  english: string;
  key: string;
  values?: Record<string, string | number>;
}

/**
 * What a refused value must be, said by a reason key with its values (so in either language) and in English: the
 * schema's own reason (`SCHEMA_REASON`), its choices or its bounds in figures, else what the refusing keyword
 * says (a type, a length, a choice, an integer's bounds, a pattern of one visible character); null when none says.
 */
function reasonOf(issue: SchemaIssue, name: string): Said | null {
  const parent = (issue.parentSchema ?? {}) as Record<string, unknown>;
  const own = parent[SCHEMA_REASON] as SchemaReason | undefined;
  // Its words are its description (refusedWith), which the caller says in English before it asks for these.
  if (own) return { english: `${name} is not valid.`, key: own.key, values: own.values };
  const choices = choicesOf(parent);
  if (choices)
    return {
      english: `${name} must be one of ${choices.join(', ')}.`,
      key: REASON.oneOf,
      values: { values: choices.join(', ') },
    };
  const bounds = boundsOf(parent);
  if (bounds)
    return {
      english: `${name} must be a whole number from ${bounds.min} to ${bounds.max}.`,
      key: REASON.range,
      values: bounds,
    };
  switch (issue.keyword) {
    case 'type': {
      const type = String(issue.params.type);
      const article = /^[aeiou]/.test(type) ? 'an' : 'a';
      return { english: `${name} must be ${article} ${type}.`, key: REASON.type, values: { type } };
    }
    case 'minLength': {
      const limit = Number(issue.params.limit);
      return limit === 1
        ? { english: `${name} cannot be empty.`, key: REASON.empty }
        : {
            english: `${name} must be at least ${limit} characters.`,
            key: REASON.minLength,
            values: { limit },
          };
    }
    case 'maxLength': {
      const limit = Number(issue.params.limit);
      return {
        english: `${name} must be at most ${limit} characters.`,
        key: REASON.maxLength,
        values: { limit },
      };
    }
    case 'pattern':
      // A text that must hold one character other than space: blank is empty.
      return issue.params.pattern === '\\S'
        ? { english: `${name} cannot be empty.`, key: REASON.empty }
        : null;
    case 'const': {
      const values = nonEmpty([issue.params.allowedValue]);
      return values.length > 0
        ? { english: `${name} must be ${values[0]}.`, key: REASON.oneOf, values: { values: values[0]! } }
        : null;
    }
    case 'minItems':
    case 'maxItems': {
      // A list of too few or too many (a bulk command's records) says how many it takes.
      const { minItems, maxItems } = parent as { minItems?: number; maxItems?: number };
      return minItems !== undefined && maxItems !== undefined
        ? {
            english: `${name} must hold ${minItems} to ${maxItems} items.`,
            key: REASON.items,
            values: { min: minItems, max: maxItems },
          }
        : null;
    }
    case 'minimum':
    case 'maximum': {
      // A whole number out of its bounds (a bulk item's id) says both, as a described one does.
      const { type, minimum, maximum } = parent as { type?: string; minimum?: number; maximum?: number };
      return type === 'integer' && minimum !== undefined && maximum !== undefined
        ? {
            english: `${name} must be a whole number from ${minimum} to ${maximum}.`,
            key: REASON.range,
            values: { min: minimum, max: maximum },
          }
        : null;
    }
    default:
      return null;
  }
}

/**
 * The bounds of a whole number a described schema gives in figures (`BOUNDS`, server/kit/schemas.ts); null for any
 * other. Never an integer's `minimum` and `maximum` alone: they may be looser than the rule its description says (a
 * frame rate from 1 to 60 inside ±1,000,000).
 */
function boundsOf(schema: unknown): { min: number; max: number } | null {
  return ((schema ?? {}) as Record<string, { min: number; max: number } | undefined>)[BOUNDS] ?? null;
}

/**
 * The values a schema of fixed choices takes (an enum, or a union of constants), but the empty one (a list's `sort`
 * also takes '' for "the default", which a reason cannot show); null for any other schema, or when no value is left.
 */
function choicesOf(schema: unknown): string[] | null {
  const s = (schema ?? {}) as { enum?: unknown[]; anyOf?: Array<{ const?: unknown; type?: unknown }> };
  const values = Array.isArray(s.enum)
    ? s.enum
    : Array.isArray(s.anyOf) && s.anyOf.every((variant) => variant && ('const' in variant || isNull(variant)))
      ? s.anyOf.filter((variant) => 'const' in variant).map((variant) => variant.const)
      : null;
  const shown = values ? nonEmpty(values) : [];
  return shown.length > 0 ? shown : null;
}

/** A union's `null` (a choice that may be left out, as the empty one). */
const isNull = (schema: { type?: unknown }) => schema.type === 'null';

/** The choices a reason can name: each as text, the empty ones left out. */
function nonEmpty(values: unknown[]): string[] {
  return values.map((value) => String(value ?? '')).filter((value) => value.trim() !== '');
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

const DATABASE_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
];

/**
 * What the log may say about an error: never the personal data it may carry. A database error (PGlite or `pg`)
 * holds the statement's parameters (`params`: ID card numbers, phone numbers), a `detail` quoting the offending
 * value ("Key (id_card_no)=(…) already exists") and a message that may quote it too (`invalid input syntax for
 * type integer: "…"`). Kept: the SQLSTATE code, the constraint/table/column names, and the message with every
 * quoted value replaced by "…" (quoted names of the constraint, table or column stay). Other errors keep their
 * message and stack, without any extra properties they carry.
 */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '(not an Error)', stack: '' };
  const fields = error as unknown as Record<string, unknown>;
  const isDatabaseError =
    typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code) && 'severity' in fields;
  const out: LoggedError = { type: error.name || error.constructor.name, message: '', stack: '' };
  if (isDatabaseError) {
    const names = new Set(
      ['schema', 'table', 'column', 'dataType', 'constraint'].map((key) => fields[key]).filter(Boolean),
    );
    const message = error.message.replace(/"([^"]*)"/g, (quoted, inner: string) =>
      names.has(inner) ? quoted : '"…"',
    );
    out.message = message;
    for (const key of DATABASE_FIELDS) if (typeof fields[key] === 'string') out[key] = fields[key];
    // The stack's first line repeats the message: keep only the frames.
    out.stack = [
      `${out.type}: ${message}`,
      ...(error.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)),
    ].join('\n');
  } else {
    out.message = error.message;
    out.stack = error.stack ?? '';
  }
  if (error.cause !== undefined && depth < 3) out.cause = errorForLog(error.cause, depth + 1);
  return out;
}
