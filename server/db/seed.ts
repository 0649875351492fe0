import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../auth/password';
import { EMPTY_CONFIGS, type GlobalConfigs } from '../modules/configs/globalConfigs';
import type { SeedContext, ServerModule } from '../modules/types';
import { toJsonb, type Database, type NewUser } from './schema';
import { withinTransaction } from './withinTransaction';

/** Demo logins, printed at start-up and listed in the README. */
export const DEMO_USERS = [
  { email: 'admin@example.com', password: 'Admin@123456', role: 'admin' },
  { email: 'staff@example.com', password: 'Staff@123456', role: 'user' },
] as const;

type DemoProfile = Omit<NewUser, 'email' | 'password_hash' | 'role'>;

const PROFILES: Record<string, DemoProfile> = {
  'admin@example.com': {
    name: 'Alice Wang',
    avatar: '',
    job: 'operations',
    organization: 'platform',
    location: 'beijing',
    introduction: 'Runs the marketplace: supplier audits, settings and staff accounts.',
    personal_website: 'https://example.com/alice',
    job_name: 'Operations Director',
    organization_name: 'Platform Operations',
    location_name: 'Beijing',
    country_region: 'CN',
    area: 'Beijing',
    phone: '13800138000',
    account_id: '10001',
    certification: 1,
    registration_date: '2024-03-01T09:00:00Z',
  },
  'staff@example.com': {
    name: 'Bob Li',
    avatar: '',
    job: 'service',
    organization: 'support',
    location: 'shanghai',
    introduction: 'Customer service: handles orders, refunds and feedback.',
    personal_website: 'https://example.com/bob',
    job_name: 'Customer Service Specialist',
    organization_name: 'Customer Support',
    location_name: 'Shanghai',
    country_region: 'CN',
    area: 'Shanghai',
    phone: '13900139000',
    account_id: '10002',
    certification: 0,
    registration_date: '2025-06-15T09:00:00Z',
  },
};

const DEMO_CONFIGS: GlobalConfigs = {
  ...EMPTY_CONFIGS,
  user_agreement: '<h2>User Agreement</h2><p>By using the platform you agree to these terms.</p>',
  privacy_agreement: '<h2>Privacy Policy</h2><p>We collect only what is needed to provide the service.</p>',
  platform_transaction_rules:
    '<h2>Transaction Rules</h2><p>Orders are paid in advance and settled on completion.</p>',
  supplier_enter_agreement: '<h2>Supplier Agreement</h2><p>Suppliers must pass identity verification.</p>',
  customer_service_mobile: '400-800-1234',
  customer_service_wechat: 'service_helper',
  sos_mobile: '13800138000',
  supplier_name: 'Service Partner',
};

/** Arbitrary key of the advisory lock held for the whole seed (the modules' own locks are 4_212_6xx too). */
const SEED_LOCK = 4_212_600;

/**
 * The demo seed: idempotent (restarting never duplicates data) and safe to run from several processes at once.
 * Core data first, then each module's own seed.
 *
 * All of it is one transaction (the modules' own transactions become savepoints of it, see withinTransaction):
 * a first start that dies half-way (a crash, kill -9, a failing module) leaves no demo data at all, and the next
 * start seeds everything. Committed piecemeal, it left e.g. 10 of the 42 demo suppliers, for good: each module
 * seeds only while its table is empty. Several servers starting together on one PostgreSQL: the first seeds;
 * the others wait on the lock for its commit, then find everything there.
 */
export async function seed(
  db: Kysely<Database>,
  context: SeedContext,
  modules: ServerModule[] = [],
): Promise<void> {
  await withinTransaction(db, async (trx, outer) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(outer);
    await seedUsers(trx);
    await trx
      .insertInto('global_configs')
      .values({ id: 1, data: toJsonb(DEMO_CONFIGS), version: 0 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    for (const module of modules) await module.seed?.(trx, context);
  });
}

async function seedUsers(db: Kysely<Database>): Promise<void> {
  const existing = new Set((await db.selectFrom('users').select('email').execute()).map((row) => row.email));
  for (const demo of DEMO_USERS) {
    if (existing.has(demo.email)) continue;
    await db
      .insertInto('users')
      .values({
        email: demo.email,
        role: demo.role,
        password_hash: await hashPassword(demo.password),
        ...PROFILES[demo.email],
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  }
}
