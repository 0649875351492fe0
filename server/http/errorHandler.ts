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
} from '../errors';
import { failure } from './envelope';

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** The one place errors become envelopes. 4xx say what is wrong in words; 5xx never show internals. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(error, request);
  if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  if (appError instanceof TooManyRequests) reply.header('retry-after', String(appError.retryAfterSeconds));
  void reply.status(appError.statusCode).send(failure(appError.errCode, appError.message, appError.data));
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
      return new ValidationError('The request body is empty, but its content type says it is JSON.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ValidationError('The request body is not valid JSON.');
    case 'FST_FILES_LIMIT':
      return new ValidationError('Send one file per upload.', 'file');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ValidationError('The upload has too many fields.');
    case 'FST_PROTO_VIOLATION':
      return new ValidationError('The request body contains a forbidden property name.');
  }
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    if (/JSON/i.test(error.message) || error instanceof SyntaxError) {
      return new ValidationError('The request body is not valid JSON.');
    }
  }
  if (clientError) {
    // Other client errors from Fastify and its plugins: their messages describe the request, not our internals.
    return new AppError(status, status, error.message);
  }
  return new AppError(500, ErrCode.internal, 'Internal server error. Please try again later.');
}

function schemaError(issues: SchemaIssue[], context: string): ValidationError {
  const issue = issues[0];
  if (!issue) return new ValidationError('The request is invalid.');
  const path = issue.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
  const where = context === 'body' ? 'The request body' : `The ${context}`;
  switch (issue.keyword) {
    case 'required': {
      const missing = String(issue.params.missingProperty ?? '');
      const field = path ? `${path}.${missing}` : missing;
      return new ValidationError(`${field} is required.`, field);
    }
    case 'additionalProperties': {
      const extra = String(issue.params.additionalProperty ?? '');
      const field = path ? `${path}.${extra}` : extra;
      return new ValidationError(`Unknown field: ${field}.`, field);
    }
    case 'type': {
      const type = String(issue.params.type);
      const article = /^[aeiou]/.test(type) ? 'an' : 'a';
      if (!path) return new ValidationError(`${where} must be a JSON ${type}.`);
      return new ValidationError(`${path} must be ${article} ${type}.`, path);
    }
    case 'minLength':
      if (issue.params.limit === 1) return new ValidationError(`${path} cannot be empty.`, path);
      return new ValidationError(`${path} must be at least ${String(issue.params.limit)} characters.`, path);
    case 'maxLength':
      return new ValidationError(`${path} must be at most ${String(issue.params.limit)} characters.`, path);
    default:
      return new ValidationError(`${path || where} ${issue.message ?? 'is invalid'}.`, path || null);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}
