import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { authenticateApiRequest } from './auth/guard';
import { DEFAULT_THROTTLE, type ThrottleOptions } from './auth/throttle';
import { DEFAULT_TOKEN_TTL_MS } from './auth/tokens';
import { xsrfHook } from './auth/xsrf';
import type { Database } from './db/schema';
import { NotFound } from './errors';
import { ok } from './http/envelope';
import { errorForLog, errorHandler } from './http/errorHandler';
import {
  clientErrorHandler,
  frameworkErrors,
  isConsolePageUrl,
  isFileUrl,
  rejectInvalidText,
} from './http/requestGuards';
import { securityHeaders } from './http/securityHeaders';
import { modules as registeredModules } from './modules/index';
import { LocalFileStorage, type FileStorage } from './modules/files/storage';
import { reactionsOf, type ServerModule } from './modules/types';
import type { Reactions } from './kit/entity';
import { downloadRoutes } from './kit/downloads';
import { BOUNDS, SCHEMA_REASON } from './kit/schemas';
import { forgetListsOnWrite } from './kit/listMemory';
import { registerApiDocs } from './http/apiDocs';
import { runFollowers, type RunningFollowers } from './events/follower';

export interface AppSettings {
  dataDir: string;
  uploadsDir: string;
  uploadLimitBytes: number;
  tokenTtlMs: number;
  loginThrottle: ThrottleOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    settings: AppSettings;
    storage: FileStorage;
    /** Every module's reactions to facts, run by the command pipeline in the fact's transaction. */
    reactions: Reactions;
  }
}

export interface BuildAppOptions {
  db: Kysely<Database>;
  /** DATA_DIR: uploads are stored in `${dataDir}/uploads` and served at /uploads/…. */
  dataDir: string;
  /** The built console (index.html + assets); served when it exists. Default: <repo>/dist. */
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** JSON body limit (default 1 MiB). */
  bodyLimitBytes?: number;
  /** Upload size limit (default 5 MiB). */
  uploadLimitBytes?: number;
  tokenTtlMs?: number;
  loginThrottle?: Partial<ThrottleOptions>;
  /** Trust X-Forwarded-* (behind a load balancer). */
  trustProxy?: boolean;
  /**
   * Run the modules' log followers (automatic notices) in the background while the app is up. The server does
   * (main.ts); API tests leave it off and catch a follower up themselves when they test it.
   */
  followLog?: boolean;
  /** How long a client may take to send a request; see DEFAULT_TIMEOUTS. */
  timeouts?: Partial<RequestTimeouts>;
  modules?: ServerModule[];
}

export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));
const MiB = 1024 * 1024;

export interface RequestTimeouts {
  /** The request line and headers must have arrived within this many ms of the connection's first byte. */
  headersMs: number;
  /** The whole request, body included, must have arrived within this many ms (a 5 MiB upload needs ~85 KB/s). */
  requestMs: number;
  /** How often Node checks connections against the two limits (it only checks every 30 s by default). */
  checkIntervalMs: number;
}

/**
 * A client that sends its headers or body slowly, or never finishes, holds a connection (and, mid-upload, the
 * request's memory) until one of these limits ends it with a 408 in the envelope (see clientErrorHandler).
 * Fastify's own default is no request timeout at all.
 */
export const DEFAULT_TIMEOUTS: RequestTimeouts = {
  headersMs: 15_000,
  requestMs: 60_000,
  checkIntervalMs: 1_000,
};

/**
 * How requests are checked against the routes' schemas. verbose: a refusal carries its schema, whose title and
 * description say what the value must be.
 */
export const AJV_OPTIONS: { keywords: string[] } & Record<string, unknown> = {
  allErrors: false,
  removeAdditional: false,
  coerceTypes: false,
  discriminator: true,
  verbose: true,
  // Annotations the schemas carry for the refusals' words, which check nothing.
  keywords: [BOUNDS, SCHEMA_REASON],
};

/** Builds the API (and console) server without listening: main.ts listens, tests use `app.inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const dataDir = path.resolve(options.dataDir);
  const settings: AppSettings = {
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    uploadLimitBytes: options.uploadLimitBytes ?? 5 * MiB,
    tokenTtlMs: options.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS,
    loginThrottle: { ...DEFAULT_THROTTLE, ...options.loginThrottle },
  };
  fs.mkdirSync(settings.uploadsDir, { recursive: true });

  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger: withoutPersonalData(options.logger ?? false),
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    bodyLimit: options.bodyLimitBytes ?? MiB,
    trustProxy: options.trustProxy ?? false,
    ajv: { customOptions: AJV_OPTIONS },
    // Errors raised before a route exists (bad URL encoding, oversized headers) also answer in the envelope.
    frameworkErrors,
    clientErrorHandler,
  });
  app.decorate('db', options.db);
  app.decorate('settings', settings);
  app.decorate('storage', new LocalFileStorage(settings.uploadsDir) as FileStorage);
  app.decorateRequest('user', null);
  const modules = options.modules ?? registeredModules;
  app.decorate('reactions', reactionsOf(modules));
  if (options.followLog) {
    const followers = modules.flatMap((m) => m.followers ?? []);
    let running: RunningFollowers | undefined;
    app.addHook('onReady', async () => {
      running = runFollowers(options.db, followers, {
        log: (message, error) => app.log.error({ err: errorForLog(error) }, message),
      });
    });
    app.addHook('onClose', async () => running?.stop());
  }

  app.setErrorHandler(errorHandler);
  // Only JSON (and multipart for uploads) bodies: anything else is a 415 envelope, not a string in `body`.
  app.removeContentTypeParser('text/plain');
  // An empty body declared as JSON (e.g. `POST /api/user/info` from a client that always sends the header) means
  // "no body", not a 400; routes that need a body say so through their schema.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: settings.uploadLimitBytes, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
  });
  app.addHook('onRequest', xsrfHook);
  // Authentication comes first: before the body is parsed and long before it is validated.
  app.addHook('onRequest', authenticateApiRequest);
  app.addHook('preValidation', rejectInvalidText);
  app.addHook('onSend', securityHeaders);
  app.addHook('onSend', forgetListsOnWrite);

  await registerApiDocs(app);
  app.get('/api/health', { schema: { tags: ['System'], summary: 'Is the server up' } }, async () =>
    ok({ status: 'ok' }),
  );
  await app.register(downloadRoutes);
  for (const module of modules) await app.register(module.routes);

  await app.register(fastifyStatic, {
    root: settings.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    maxAge: '1d',
    immutable: true,
  });

  const distDir = options.distDir ?? DEFAULT_DIST_DIR;
  const hasConsole = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: ['index.html'],
      // A path with a NUL (`/notice/%00`) names no file: it is a console page the console says it lacks, not a 400.
      allowedPath: (pathName) => !pathName.includes('\u0000'),
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        // Hashed assets never change; index.html must be revalidated so a new build is picked up.
        const immutable = /[\\/]static[\\/]/.test(filePath);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (isConsolePageUrl(url) && hasConsole && (request.method === 'GET' || request.method === 'HEAD')) {
      // A console route (client-side routing): the console decides what it shows.
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', distDir);
    }
    if (url.startsWith('/uploads/') || isFileUrl(url)) throw new NotFound('File not found.');
    throw new NotFound(`No such endpoint: ${request.method} ${url}.`);
  });

  return app;
}

/**
 * The log must not carry personal data: a query string may hold a searched ID card or phone number, and an error
 * the values of the statement that failed. Requests are logged with their path only; errors through errorForLog.
 */
function withoutPersonalData(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: {
      req: (request: { method: string; url: string; host?: string }) => {
        const [pathOnly, query] = request.url.split('?', 2);
        return {
          method: request.method,
          url: query === undefined ? pathOnly : `${pathOnly}?…`,
          host: request.host,
        };
      },
      err: (error: unknown) => errorForLog(error),
      ...options.serializers,
    },
  };
}
