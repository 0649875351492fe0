import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { SupplierCommand } from '../../../src/machines/lifecycles/supplierLifecycle';
import { idCardCheckDigit, type SupplierProfile } from '../../../src/machines/lifecycles/supplierProfile';
import type { Database } from '../../db/schema';
import type { Actor } from '../../events/store';
import type { SeedContext } from '../types';
import { runCommand, runCreate } from '../../kit/pipeline';
import { supplierEntity } from './module';

/**
 * Demo suppliers across every state and several cities, made by sending real commands (so their histories are
 * real and the machine decided every step). Idempotent: does nothing when any supplier exists.
 */

const CITIES = ['Beijing', 'Shanghai', 'Guangzhou', 'Shenzhen', 'Hangzhou', 'Chengdu'];
const SURNAMES = ['Zhang', 'Wang', 'Li', 'Zhao', 'Chen', 'Liu', 'Yang', 'Huang', 'Zhou', 'Wu', 'Xu', 'Sun'];
const GIVEN = ['Wei', 'Fang', 'Min', 'Jing', 'Lei', 'Yan', 'Tao', 'Hui', 'Qiang', 'Li', 'Jun', 'Xin'];
const TRADES = ['Home Cleaning', 'Elder Care', 'Nanny', 'Appliance Repair', 'Moving Help', 'Plumbing'];
const REGION = {
  Beijing: '110101',
  Shanghai: '310101',
  Guangzhou: '440103',
  Shenzhen: '440303',
  Hangzhou: '330102',
  Chengdu: '510104',
} as Record<string, string>;

type Step = SupplierCommand;
const approve = { type: 'supplier.approve' } as const;
const show = { type: 'supplier.show' } as const;
const take = { type: 'supplier.takeOrders' } as const;
const rest = { type: 'supplier.rest' } as const;
const close = { type: 'supplier.close' } as const;
const reject = (reason: string) => ({ type: 'supplier.reject', reason }) as const;
const resubmit = { type: 'supplier.resubmit' } as const;

/**
 * One scenario per row: the events a supplier went through. Cycled over the demo suppliers. Serving is not among
 * them: a supplier serves when one of its orders is in service (the demo orders do that).
 */
const SCENARIOS: Step[][] = [
  [],
  [approve, show, take],
  [approve],
  [reject('The ID card photo is blurred; please upload a clearer one.')],
  [approve, show, take, { type: 'supplier.rank', ranking: 5 }],
  [approve, show, take, rest],
  [approve, show, take, rest],
  [reject('Real name does not match the ID card.'), resubmit],
  [approve, show, close],
  [approve, show, take],
  [approve, { type: 'supplier.edit', changes: { real_name: 'Re Verify' } }],
  [close],
  [approve, show, take, { type: 'supplier.rank', ranking: 1 }],
  [approve, show, take, rest, reject('Several customer complaints about punctuality.')],
];

function svg(label: string, hue: number, w = 320, h = 200): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="hsl(${hue},55%,55%)"/><text x="50%" y="55%" font-family="sans-serif" font-size="28" fill="#fff" text-anchor="middle">${label}</text></svg>`;
}

function writeImages(dataDir: string): { covers: string[]; front: string; back: string } {
  const dir = path.join(dataDir, 'uploads');
  fs.mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {
    'seed-supplier-cover-1.svg': svg('Service', 200),
    'seed-supplier-cover-2.svg': svg('At your door', 140),
    'seed-supplier-id-front.svg': svg('ID card (front)', 30, 428, 270),
    'seed-supplier-id-back.svg': svg('ID card (back)', 10, 428, 270),
  };
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return {
    covers: ['/uploads/seed-supplier-cover-1.svg', '/uploads/seed-supplier-cover-2.svg'],
    front: '/uploads/seed-supplier-id-front.svg',
    back: '/uploads/seed-supplier-id-back.svg',
  };
}

export function demoProfile(
  i: number,
  images: { covers: string[]; front: string; back: string },
): SupplierProfile {
  const city = CITIES[i % CITIES.length];
  const real_name = `${SURNAMES[i % SURNAMES.length]} ${GIVEN[(i * 7) % GIVEN.length]}`;
  const year = 1970 + ((i * 3) % 30);
  const month = String(1 + (i % 12)).padStart(2, '0');
  const day = String(1 + ((i * 5) % 28)).padStart(2, '0');
  const birthday = `${year}-${month}-${day}`;
  const seq = String(100 + i).slice(-3);
  const first17 = `${REGION[city]}${year}${month}${day}${seq}`;
  return {
    name: `${SURNAMES[i % SURNAMES.length]}'s ${TRADES[i % TRADES.length]}`,
    mobile: `139${String(10_000_000 + i * 7919).slice(-8)}`,
    covers: images.covers.slice(0, 1 + (i % 2)),
    bio: `${TRADES[i % TRADES.length]} in ${city}, ${2 + (i % 12)} years of experience.`,
    city,
    full_address: `${10 + i} Renmin Road, ${city}`,
    real_name,
    gender: Number(seq[2]) % 2 === 1 ? 'male' : 'female',
    birthday,
    id_card_no: first17 + idCardCheckDigit(first17),
    id_card_front: images.front,
    id_card_back: images.back,
    licence_issuing_authority: `${city} Public Security Bureau`,
    expire_info: `${2015 + (i % 8)}.01.01-${2035 + (i % 8)}.01.01`,
  };
}

export const DEMO_SUPPLIER_COUNT = 42;

/** Arbitrary key of the advisory lock that keeps two starting servers from seeding at once. */
const SEED_LOCK = 4_212_601;

export async function seedSuppliers(db: Kysely<Database>, context: SeedContext): Promise<void> {
  // One pinned connection holds a session advisory lock while it checks and seeds, so several API processes
  // starting together on one PostgreSQL seed exactly once.
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
  const existing = await db.selectFrom('suppliers').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const users = await db.selectFrom('users').select(['id', 'role', 'email']).execute();
  const admin = users.find((u) => u.role === 'admin');
  const staff = users.find((u) => u.role === 'user') ?? admin;
  const asAdmin: Actor = { id: admin?.id ?? null, role: 'admin' };
  const asStaff: Actor = { id: staff?.id ?? null, role: staff?.role ?? 'admin' };
  const images = writeImages(context.dataDir);

  for (let i = 0; i < DEMO_SUPPLIER_COUNT; i++) {
    const created = await runCreate({ db, actor: asStaff }, supplierEntity, {
      ...demoProfile(i, images),
      ranking: (i * 37) % 100,
    });
    const id = (created.record as { id: number }).id;
    let version = created.version;
    for (const step of SCENARIOS[i % SCENARIOS.length]) {
      const actor = step.type === 'supplier.close' || step.type === 'supplier.enable' ? asAdmin : asStaff;
      version = (await runCommand({ db, actor }, supplierEntity, id, step, version)).version;
    }
  }
}
