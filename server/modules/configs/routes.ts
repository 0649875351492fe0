import type { FastifyPluginAsync } from 'fastify';
import { actorOf, requireAuth, requireRole } from '../../auth/guard';
import { toJsonb } from '../../db/schema';
import { NotFound, ValidationError, VersionConflict } from '../../errors';
import { appendEvent } from '../../events/store';
import { ok } from '../../http/envelope';
import { sanitizeHtml } from '../../../src/contract/sanitizeHtml';
import { hasVisibleContent } from '../../../src/machines/lifecycles/visibleText';
import type { ServerModule } from '../types';
import {
  CONFIG_KEYS,
  RICH_TEXT_KEYS,
  fromStored,
  putConfigsBodySchema,
  validateConfigs,
  type GlobalConfigs,
} from './globalConfigs';

export const CONFIGS_STREAM = { streamType: 'global_configs', streamId: 'global' } as const;

type PutBody = Partial<GlobalConfigs> & { version: number };

const routes: FastifyPluginAsync = async (app) => {
  app.get('/api/global/configs', { preHandler: requireAuth }, async () => {
    const row = await app.db.selectFrom('global_configs').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!row) throw new NotFound('The system settings have not been initialised.');
    return ok({ ...fromStored(row.data), version: row.version });
  });

  /**
   * Saves the fields given (others keep their value). It carries the `version` read from GET: a save based on an
   * outdated read is refused with 409 instead of overwriting someone else's change. Every change is an event
   * (`GlobalConfigsUpdated`, with the previous and new values of the changed fields).
   */
  app.put<{ Body: PutBody }>(
    '/api/global/configs',
    { preValidation: requireRole('admin'), schema: { body: putConfigsBodySchema } },
    async (request) => {
      const actor = actorOf(request);
      const { version, ...changes } = request.body;
      // Agreements are rich text shown to customers: stored only after sanitising (no script, handlers, js: URLs).
      // One whose every visible part was unsafe is refused, not stored empty: '' (or an emptied editor) clears it.
      for (const key of RICH_TEXT_KEYS) {
        const value = changes[key];
        if (value === undefined) continue;
        const clean = sanitizeHtml(value);
        if (!hasVisibleContent(clean) && hasVisibleContent(value)) {
          throw new ValidationError(
            `${key} has nothing left to show once its scripts and unsafe parts are removed; send "" to clear it.`,
            key,
            { key: 'system.settings.error.unsafeOnly' },
          );
        }
        changes[key] = clean;
      }
      const result = await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('global_configs')
          .selectAll()
          .where('id', '=', 1)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw new NotFound('The system settings have not been initialised.');
        if (version !== row.version) {
          throw new VersionConflict(
            'The system settings were changed by someone else since you loaded them. Reload to see the latest settings, then save again.',
            { expected_version: version, current_version: row.version },
          );
        }
        const current = fromStored(row.data);
        const next: GlobalConfigs = { ...current, ...changes };
        // Judged as sent (problems name the banner's index in the request), then stored in display order.
        validateConfigs(next, changes);
        next.home_banners = [...next.home_banners].sort((a, b) => a.order - b.order);
        const previous: Partial<GlobalConfigs> = {};
        const changed: Partial<GlobalConfigs> = {};
        for (const key of CONFIG_KEYS) {
          if (JSON.stringify(current[key]) !== JSON.stringify(next[key])) {
            Object.assign(previous, { [key]: current[key] });
            Object.assign(changed, { [key]: next[key] });
          }
        }
        if (Object.keys(changed).length === 0) return { configs: current, version: row.version };
        const event = await appendEvent(trx, {
          ...CONFIGS_STREAM,
          expectedVersion: row.version,
          type: 'GlobalConfigsUpdated',
          data: { previous, changed },
          actor,
        });
        await trx
          .updateTable('global_configs')
          .set({ data: toJsonb(next), version: event.version, updated_at: new Date(), updated_by: actor.id })
          .where('id', '=', 1)
          .execute();
        return { configs: next, version: event.version };
      });
      return ok({ ...result.configs, version: result.version });
    },
  );
};

export const configsModule: ServerModule = { name: 'configs', routes };
