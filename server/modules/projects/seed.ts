import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { ProjectCommand } from '../../../src/machines/lifecycles/projectLifecycle';
import type { Database } from '../../db/schema';
import type { Actor } from '../../events/store';
import type { SeedContext } from '../types';
import { runCommand, runCreate } from '../../kit/pipeline';
import { projectEntity } from './module';

/**
 * A handful of demo projects in every display/enablement state, made by sending real commands (so their histories
 * are real and the machine decided every step). Idempotent: does nothing when any project exists.
 */

interface DemoProject {
  name: string;
  summary: string;
  min: string;
  max: string | null;
  duration: number | null;
  hue: number;
  ranking: number;
  /** A renewable project: the unit and the price per extra unit. */
  renewal?: { unit: 'hour' | 'day' | 'visit'; price: string };
  steps: ProjectCommand[];
}

const show = { type: 'project.show' } as const;
const close = { type: 'project.close' } as const;

const DEMO: DemoProject[] = [
  {
    name: 'Home Cleaning',
    summary: 'Two cleaners, kitchen to balcony.',
    min: '199',
    max: '399',
    duration: 180,
    hue: 200,
    ranking: 1,
    renewal: { unit: 'hour', price: '80' },
    steps: [show],
  },
  {
    name: 'Elder Care (day)',
    summary: 'Companionship, meals and medication reminders.',
    min: '350',
    max: null,
    duration: 480,
    hue: 30,
    ranking: 2,
    renewal: { unit: 'hour', price: '45' },
    steps: [show],
  },
  {
    name: 'Appliance Repair',
    summary: 'Washing machines, fridges, air conditioners.',
    min: '80',
    max: '600.50',
    duration: 90,
    hue: 140,
    ranking: 3,
    steps: [show],
  },
  {
    name: 'Moving Help',
    summary: 'Two movers and a van within the city.',
    min: '499',
    max: '1299',
    duration: 240,
    hue: 280,
    ranking: 4,
    steps: [],
  },
  {
    name: 'Nanny (trial day)',
    summary: 'A one-day trial with an experienced nanny.',
    min: '260',
    max: null,
    duration: 600,
    hue: 330,
    ranking: 5,
    renewal: { unit: 'day', price: '260' },
    steps: [show, close],
  },
  {
    name: 'Plumbing',
    summary: 'Leaks, blocked drains, new taps.',
    min: '60',
    max: '300',
    duration: null,
    hue: 100,
    ranking: 6,
    steps: [{ type: 'project.rank', ranking: 0 }, show],
  },
];

function svg(label: string, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200"><rect width="100%" height="100%" fill="hsl(${hue},55%,55%)"/><text x="50%" y="55%" font-family="sans-serif" font-size="26" fill="#fff" text-anchor="middle">${label}</text></svg>`;
}

/** Arbitrary key of the advisory lock that keeps two starting servers from seeding at once. */
const SEED_LOCK = 4_212_602;

export async function seedProjects(db: Kysely<Database>, context: SeedContext): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${SEED_LOCK})`.execute(conn);
    try {
      await seedUnlocked(conn, context);
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(conn);
    }
  });
}

async function seedUnlocked(db: Kysely<Database>, context: SeedContext): Promise<void> {
  const existing = await db.selectFrom('projects').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const users = await db.selectFrom('users').select(['id', 'role']).execute();
  const admin = users.find((u) => u.role === 'admin');
  const staff = users.find((u) => u.role === 'user') ?? admin;
  const asAdmin: Actor = { id: admin?.id ?? null, role: 'admin' };
  const asStaff: Actor = { id: staff?.id ?? null, role: staff?.role ?? 'admin' };
  const dir = path.join(context.dataDir, 'uploads');
  fs.mkdirSync(dir, { recursive: true });

  for (const [i, p] of DEMO.entries()) {
    const file = `seed-project-${i + 1}.svg`;
    fs.writeFileSync(path.join(dir, file), svg(p.name, p.hue));
    const created = await runCreate({ db, actor: asStaff }, projectEntity, {
      project_name: p.name,
      cover: `/uploads/${file}`,
      carouse_covers: [`/uploads/${file}`],
      summary: p.summary,
      min_price: p.min,
      max_price: p.max,
      duration: p.duration,
      intro: `<p><strong>${p.name}</strong>: ${p.summary}</p><ul><li>Vetted suppliers</li><li>Insurance included</li></ul>`,
      avoid: '<p>Please keep pets away from the work area.</p>',
      order_instruction: '<p>Book at least one day ahead; the supplier calls to confirm.</p>',
      ranking: p.ranking,
      ...(p.renewal
        ? { kind: 'renewable', renewal_unit: p.renewal.unit, renewal_unit_price: p.renewal.price }
        : {}),
    });
    const id = (created.record as { id: number }).id;
    let version = created.version;
    for (const step of p.steps) {
      const actor = step.type === 'project.close' || step.type === 'project.enable' ? asAdmin : asStaff;
      version = (await runCommand({ db, actor }, projectEntity, id, step, version)).version;
    }
  }
}
