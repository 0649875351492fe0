import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_THROTTLE, type ThrottleOptions } from './auth/throttle';
import { DEFAULT_TOKEN_TTL_MS } from './auth/tokens';
import { xsrfHook } from './auth/xsrf';
import type { Database } from './db/schema';
import { NotFound } from './errors';
import { ok } from './http/envelope';
import { errorHandler } from './http/errorHandler';
import { clientErrorHandler, frameworkErrors, rejectNulCharacters } from './http/requestGuards';
import { modules as registeredModules } from './modules/index';
import { LocalFileStorage, type FileStorage } from './modules/files/storage';
import type { ServerModule } from './modules/types';

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
  modules?: ServerModule[];
}

export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));
const MiB = 1024 * 1024;

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

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimitBytes ?? MiB,
    trustProxy: options.trustProxy ?? false,
    ajv: { customOptions: { allErrors: false, removeAdditional: false, coerceTypes: false } },
    // Errors raised before a route exists (bad URL encoding, oversized headers) also answer in the envelope.
    frameworkErrors,
    clientErrorHandler,
  });
  app.decorate('db', options.db);
  app.decorate('settings', settings);
  app.decorate('storage', new LocalFileStorage(settings.uploadsDir) as FileStorage);
  app.decorateRequest('user', null);

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
  app.addHook('preValidation', rejectNulCharacters);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });

  app.get('/api/health', async () => ok({ status: 'ok' }));
  for (const module of options.modules ?? registeredModules) await app.register(module.routes);

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
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/');
    if (!isApi && hasConsole && (request.method === 'GET' || request.method === 'HEAD')) {
      // A console route (client-side routing): the console decides what it shows.
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', distDir);
    }
    if (url.startsWith('/uploads/')) throw new NotFound('File not found.');
    throw new NotFound(`No such endpoint: ${request.method} ${url}.`);
  });

  return app;
}
