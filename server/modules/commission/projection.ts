import { sql, type Kysely } from 'kysely';
import {
  commissionSnapshot,
  settingsOf,
  type CommissionSnapshot,
} from '../../../src/machines/lifecycles/commissionLifecycle';
import type { OverrideScope, CommissionSettings } from '../../../src/machines/lifecycles/commissionRules';
import { cityKey } from '../../../src/machines/lifecycles/commissionRules';
import type { Database, Timestamp } from '../../db/schema';
import type { Projection } from '../../kit/projection';

/** The commission read model: the settings row (id 1) and the overrides, rewritten with every event. */
export interface CommissionSettingsTable {
  id: number;
  version: number;
  default_rate_bp: number;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface CommissionOverridesTable {
  scope: OverrideScope;
  target: string;
  target_key: string;
  rate_bp: number;
  position: number;
}

declare module '../../db/schema' {
  interface Database {
    commission_settings: CommissionSettingsTable;
    commission_overrides: CommissionOverridesTable;
  }
}

export interface LoadedCommission {
  version: number;
  settings: CommissionSettings;
  updatedAt: Date | null;
  updatedBy: number | null;
}

export async function loadCommission(db: Kysely<Database>, forUpdate = false): Promise<LoadedCommission> {
  let q = db.selectFrom('commission_settings').selectAll().where('id', '=', 1);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  const overrides = await db.selectFrom('commission_overrides').selectAll().orderBy('position').execute();
  return {
    version: row?.version ?? 0,
    settings: {
      defaultRateBp: row?.default_rate_bp ?? 0,
      overrides: overrides.map((o) => ({ scope: o.scope, target: o.target, rateBp: o.rate_bp })),
    },
    updatedAt: row ? new Date(row.updated_at) : null,
    updatedBy: row?.updated_by ?? null,
  };
}

/** Writes the whole projection from settings (live commands and the rebuild share it). */
export async function writeCommission(
  db: Kysely<Database>,
  settings: CommissionSettings,
  meta: { version: number; updatedAt: Date; updatedBy: number | null },
): Promise<void> {
  await db
    .insertInto('commission_settings')
    .values({
      id: 1,
      version: meta.version,
      default_rate_bp: settings.defaultRateBp,
      updated_at: meta.updatedAt,
      updated_by: meta.updatedBy,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        version: meta.version,
        default_rate_bp: settings.defaultRateBp,
        updated_at: meta.updatedAt,
        updated_by: meta.updatedBy,
      }),
    )
    .execute();
  await db.deleteFrom('commission_overrides').execute();
  if (settings.overrides.length) {
    await db
      .insertInto('commission_overrides')
      .values(
        settings.overrides.map((o, i) => ({
          scope: o.scope,
          target: o.target,
          target_key: o.scope === 'city' ? cityKey(o.target) : o.target,
          rate_bp: o.rateBp,
          position: i,
        })),
      )
      .execute();
  }
}

/** The commission settings as the kit's read model: one record (id 0), version 0 before its first change. */
export const commissionProjection: Projection<CommissionSnapshot> = {
  async load(db, _id, { lock }) {
    const loaded = await loadCommission(db, lock !== false);
    const at = loaded.updatedAt ?? new Date(0);
    return {
      snapshot: commissionSnapshot(loaded.settings),
      meta: { id: 0, version: loaded.version, createdBy: null, createdAt: at, updatedAt: at },
    };
  },
  async save(db, snapshot, meta) {
    await writeCommission(db, settingsOf(snapshot), {
      version: meta.version,
      updatedAt: meta.updatedAt,
      updatedBy: meta.updatedBy ?? null,
    });
  },
  async clear(db) {
    await sql`truncate table commission_overrides, commission_settings`.execute(db);
  },
  row(snapshot, meta) {
    return { version: meta.version, settings: settingsOf(snapshot), updatedAt: meta.updatedAt };
  },
};
