import type { FastifyPluginAsync } from 'fastify';
import { currentUser, requireAuth } from '../../auth/guard';
import { Unauthenticated } from '../../errors';
import { ok } from '../../http/envelope';
import type { ServerModule } from '../types';
import { menuFor } from './menu';
import { toUserInfo } from './userInfo';

const routes: FastifyPluginAsync = async (app) => {
  app.post('/api/user/info', { preHandler: requireAuth }, async (request) => {
    const row = await app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', currentUser(request).id)
      .executeTakeFirst();
    if (!row) throw new Unauthenticated();
    return ok(toUserInfo(row));
  });

  // The console's menu; the marketplace apps (the system actor) have none.
  app.post('/api/user/menu', { preHandler: requireAuth }, async (request) => {
    const { role } = currentUser(request);
    return ok(role === 'system' ? [] : menuFor(role));
  });
};

export const userModule: ServerModule = { name: 'user', routes };
