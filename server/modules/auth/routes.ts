import type { FastifyPluginAsync } from 'fastify';
import { requireAuth, currentUser } from '../../auth/guard';
import { DUMMY_HASH_PROMISE, verifyPassword } from '../../auth/password';
import { chargeLoginAttempt, clearFailures, forgetOldAttempts } from '../../auth/throttle';
import { issueToken, pruneTokens, revokeToken } from '../../auth/tokens';
import { InvalidCredentials } from '../../errors';
import { ok } from '../../http/envelope';
import { errorForLog } from '../../http/errorHandler';
import type { ServerModule } from '../types';

interface LoginBody {
  email: string;
  password: string;
}

const loginSchema = {
  body: {
    type: 'object',
    required: ['email', 'password'],
    properties: {
      email: { type: 'string', minLength: 1, maxLength: 254 },
      password: { type: 'string', minLength: 1, maxLength: 1024 },
    },
  },
} as const;

const routes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: LoginBody }>('/api/sanctum-auth/login', { schema: loginSchema }, async (request) => {
    const email = request.body.email.trim().toLowerCase();
    const { db, settings } = app;
    // Counted before the password is checked, so parallel guesses cannot all be checked (see throttle.ts).
    await chargeLoginAttempt(db, email, request.ip, settings.loginThrottle);
    const user = await db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirst();
    // Verify against a dummy hash for unknown emails too: same message, same time, so emails cannot be probed.
    const valid = await verifyPassword(
      request.body.password,
      user?.password_hash ?? (await DUMMY_HASH_PROMISE),
    );
    if (!user || !valid) {
      await forgetOldAttempts(db);
      throw new InvalidCredentials();
    }
    await clearFailures(db, email);
    const { token, expiresAt } = await issueToken(db, user.id, settings.tokenTtlMs);
    // Housekeeping that must not cost the user their login.
    await pruneTokens(db).catch((error: unknown) =>
      request.log.warn({ error: errorForLog(error) }, 'pruning old tokens failed'),
    );
    return ok({ token, expires_at: expiresAt.toISOString() });
  });

  app.delete('/api/sanctum-auth/logout', { preHandler: requireAuth }, async (request) => {
    await revokeToken(app.db, currentUser(request).tokenId);
    return ok(null);
  });
};

export const authModule: ServerModule = { name: 'auth', routes };
