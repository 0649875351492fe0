import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import { PASSWORD_MAX_LENGTH, passwordProblems } from '../../../src/contract/password';
import {
  PROFILE_FIELDS,
  PROFILE_LIMITS,
  profileProblems,
  type ProfileValues,
} from '../../../src/contract/profile';
import * as profileMigration from '../../db/migrations/2026_11_26_1300_user_profile';
import * as eventsActorMigration from '../../db/migrations/2026_11_27_0100_events_actor';
import * as profileVersionMigration from '../../db/migrations/2026_12_06_0900_user_profile_version';
import { currentUser, requireAuth } from '../../auth/guard';
import { hashPassword, verifyPassword } from '../../auth/password';
import { chargeLoginAttempt, clearFailures } from '../../auth/throttle';
import {
  Conflict,
  Forbidden,
  Unauthenticated,
  ValidationError,
  VersionConflict,
  reasonData,
} from '../../errors';
import { ok } from '../../http/envelope';
import { englishText } from '../../http/language';
import { Envelope, ExpectedVersion } from '../../kit/schemas';
import type { ServerModule } from '../types';
import activityRoutes from './activity';
import { menuFor } from './menu';
import type { Database, UserRow } from '../../db/schema';
import { toUserInfo } from './userInfo';
import { forgetSessions } from '../../auth/tokens';

const emailTaken = (email: string) =>
  new Conflict(
    `${email} is another member's email.`,
    reasonData('user.profile.emailTaken', undefined, { field: 'email' }),
  );

/**
 * The version of a member's basic information, refused (409) when it is not the one their page loaded: a save from
 * a page opened before another save would undo that save.
 */
async function refuseStale(
  db: Kysely<Database>,
  userId: number,
  expectedVersion: number,
  { lock = false } = {},
): Promise<number> {
  const query = db.selectFrom('users').select('profile_version').where('id', '=', userId);
  const current = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!current) throw new Unauthenticated();
  if (current.profile_version !== expectedVersion) {
    throw new VersionConflict(
      'Your basic information was saved elsewhere (another tab or session) since this page loaded it. Reload the page to see it, then make your change again.',
      {
        ...reasonData('user.profile.changedElsewhere'),
        expected_version: expectedVersion,
        current_version: current.profile_version,
      },
    );
  }
  return current.profile_version;
}

const routes: FastifyPluginAsync = async (app) => {
  await activityRoutes(app, {});
  /** A member's user info, certified when an administrator certified a request of theirs (the certification tab). */
  const userInfoOf = async (row: UserRow) => {
    const certified = await app.db
      .selectFrom('certifications')
      .select('id')
      .where('applicant_id', '=', row.id)
      .where('state', '=', 'certified')
      .executeTakeFirst();
    return { ...toUserInfo(row), certification: certified ? 1 : 0 };
  };
  /**
   * The member's current password, checked like a login attempt and counted against the member (not their email,
   * which the profile can change): a stolen session cannot guess it faster here than at the login.
   */
  const checkCurrentPassword = async (request: FastifyRequest, userId: number, given: string | undefined) => {
    if (!given) {
      throw new ValidationError('current_password is required for this change.', 'current_password', {
        key: 'user.password.currentRequired',
      });
    }
    const user = await app.db
      .selectFrom('users')
      .select(['password_hash'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new Unauthenticated();
    const key = `user:${userId}`;
    await chargeLoginAttempt(app.db, key, request.ip, app.settings.loginThrottle);
    if (!(await verifyPassword(given, user.password_hash))) {
      throw new ValidationError('current_password is not your password.', 'current_password', {
        key: 'user.password.wrongCurrent',
      });
    }
    await clearFailures(app.db, key);
  };

  app.post('/api/user/info', { preHandler: requireAuth, config: { onlyReads: true } }, async (request) => {
    const row = await app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', currentUser(request).id)
      .executeTakeFirst();
    if (!row) throw new Unauthenticated();
    return ok(await userInfoOf(row));
  });

  // The console's menu; the marketplace apps (the system actor) have none.
  app.post('/api/user/menu', { preHandler: requireAuth, config: { onlyReads: true } }, async (request) => {
    const { role } = currentUser(request);
    return ok(role === 'system' ? [] : menuFor(role));
  });

  /** A member's basic information (/user/setting): the rules of src/contract/profile.ts; the email stays unique. */
  app.put(
    '/api/user/profile',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['User'],
        summary: 'Save my basic information; answers my user info',
        body: Type.Object(
          {
            email: Type.String({ maxLength: 1000, description: 'an email address, unique among staff' }),
            nickname: Type.String({
              maxLength: 1000,
              description: `1 to ${PROFILE_LIMITS.nickname} characters`,
            }),
            country_region: Type.String({ maxLength: 10, description: 'a country or region code' }),
            area: Type.String({ maxLength: 1000, description: `1 to ${PROFILE_LIMITS.area} characters` }),
            address: Type.String({
              maxLength: 1000,
              description: `at most ${PROFILE_LIMITS.address} characters`,
            }),
            profile: Type.String({
              maxLength: 20_000,
              description: `at most ${PROFILE_LIMITS.profileWords} words`,
            }),
            current_password: Type.Optional(
              Type.String({ maxLength: 1024, description: 'your password, to change your email' }),
            ),
            expectedVersion: ExpectedVersion(),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (me.role === 'system') {
        throw new Forbidden('The marketplace apps have no profile.', 'user.profile.noProfile');
      }
      const values = request.body as ProfileValues & { current_password?: string; expectedVersion: number };
      const problems = profileProblems(values);
      const field = PROFILE_FIELDS.find((f) => problems[f]);
      if (field) {
        const values = { ...PROFILE_LIMITS };
        throw new ValidationError(
          `${field}: ${englishText(problems[field]!, values) ?? 'not valid.'}`,
          field,
          {
            key: problems[field]!,
            values,
          },
        );
      }
      const email = values.email.trim().toLowerCase();
      // The email is what one signs in with: changing it takes the password, as changing the password does. A save
      // already stale is refused first, without spending a password attempt (the locked check below decides).
      if (email !== me.email) {
        await refuseStale(app.db, me.id, values.expectedVersion);
        await checkCurrentPassword(request, me.id, values.current_password);
      }
      const row = await app.db
        .transaction()
        .execute(async (trx) => {
          const taken = await trx
            .selectFrom('users')
            .select('id')
            .where('email', '=', email)
            .where('id', '!=', me.id)
            .executeTakeFirst();
          if (taken) throw emailTaken(email);
          // Saved from a page opened before another save (another tab, another session): refused, not undone.
          const current = await refuseStale(trx, me.id, values.expectedVersion, { lock: true });
          return trx
            .updateTable('users')
            .set({
              email,
              name: values.nickname.trim(),
              country_region: values.country_region,
              area: values.area.trim(),
              address: values.address.trim(),
              introduction: values.profile.trim(),
              profile_version: current + 1,
            })
            .where('id', '=', me.id)
            .returningAll()
            .executeTakeFirst();
        })
        .catch((error: unknown) => {
          // Two members taking the same email at once: the unique index decides, and the second is told so.
          if ((error as { code?: string }).code === '23505') throw emailTaken(email);
          throw error;
        });
      if (!row) throw new Unauthenticated();
      // The requests that follow act under the new name and email.
      forgetSessions(me.id);
      return ok(await userInfoOf(row));
    },
  );

  /**
   * A member changes their own password: the current one first (charged like a login attempt, so it cannot be
   * guessed here faster than at the login), the new one by the staff rule; every other session of theirs ends.
   */
  app.post(
    '/api/user/password',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['User'],
        summary: 'Change my password; my other sessions are signed out',
        body: Type.Object(
          {
            current_password: Type.String({
              minLength: 1,
              maxLength: 1024,
              description: 'your password now',
            }),
            new_password: Type.String({
              maxLength: PASSWORD_MAX_LENGTH * 4,
              description: 'the new password, by the staff rule',
            }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(Type.Object({ signed_out_sessions: Type.Integer() })) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (me.role === 'system') {
        throw new Forbidden(
          'The marketplace apps sign in with a token, not a password.',
          'user.password.noPassword',
        );
      }
      const body = request.body as { current_password: string; new_password: string };
      const problem = passwordProblems(body.new_password)[0];
      if (problem) {
        const key = `user.password.${problem}`;
        throw new ValidationError(
          `new_password: ${englishText(key) ?? 'does not follow the password rule.'}`,
          'new_password',
          {
            key,
          },
        );
      }
      await checkCurrentPassword(request, me.id, body.current_password);
      if (body.new_password === body.current_password) {
        throw new ValidationError('new_password is the password you have now.', 'new_password', {
          key: 'user.password.unchanged',
        });
      }
      const hash = await hashPassword(body.new_password);
      const signedOut = await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', me.id).execute();
        const revoked = await trx
          .updateTable('auth_tokens')
          .set({ revoked_at: new Date() })
          .where('user_id', '=', me.id)
          .where('id', '!=', me.tokenId)
          .where('revoked_at', 'is', null)
          .returning('id')
          .execute();
        return revoked.length;
      });
      forgetSessions(me.id);
      return ok({ signed_out_sessions: signedOut });
    },
  );
};

export const userModule: ServerModule = {
  name: 'user',
  routes,
  migrations: {
    '2026_11_26_1300_user_profile': profileMigration,
    '2026_11_27_0100_events_actor': eventsActorMigration,
    '2026_12_06_0900_user_profile_version': profileVersionMigration,
  },
};
