/**
 * The starter-kit pages made real, in Chromium against the real server: the basic profile shows a supplier rejected,
 * resubmitted and approved as audit steps with the rejection's reason, who and when (in the member's time zone and
 * language), in en-US and zh-CN, the newest supplier waiting for audit when no id is given, a clear message for an
 * unknown one, and a search that opens another; the card list searches the projects on the server, closes one
 * after a confirmation and shows its new state, reports a stale version, and offers a staff member none of the
 * admin's commands. Screenshots in both themes go to the system's temporary directory (starter-pages-e2e/).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messagesFor } from '../../src/i18n';
import { idCardFor, validProfile } from '../machines/lifecycles/supplierFixtures';
import { ADMIN, STAFF, startHarness, type Harness } from './support/harness';
import { SLOW, shoot, shootDark, signedIn as signedInAs } from './support/pages';

const SHOTS = join(tmpdir(), 'starter-pages-e2e');
const en = messagesFor('en-US');
const zh = messagesFor('zh-CN');
/** The member's time zone, not the server's (UTC): every time on the page is shown in it. */
const ZONE = 'Asia/Shanghai';
const ZONE_OFFSET_HOURS = 8;
const REASON = 'The ID card photo is blurred';
/** A failure as the server answers one (the envelope, HTTP 500). */
const SERVER_ERROR = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ err_code: 500, err_msg: 'Internal server error', data: null }),
};
const ok = (data: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ err_code: 200, err_msg: 'ok', data }),
});

let h: Harness;
let adminToken: string;
let staffToken: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness();
  adminToken = await h.apiLogin(ADMIN);
  staffToken = await h.apiLogin(STAFF);
});
afterAll(async () => {
  await h?.stop();
});

type Versioned = { id: number; version: number };
type HistoryEntry = { version: number; type: string; occurred_at: string };

/** A fresh page in `locale` and the member's time zone, signed in as `who`, showing `path`. */
const signedIn = (who: typeof ADMIN, path: string, locale: 'en-US' | 'zh-CN' = 'en-US'): Promise<Page> =>
  signedInAs(h, who, path, { area: 'starter', locale, timezoneId: ZONE });

let seq = 0;
/** A supplier registered by staff, then `commands` in turn (as the admin). */
async function supplier(name: string, ...commands: Array<Record<string, unknown>>) {
  seq++;
  const birthday = `1988-05-${String(10 + seq).padStart(2, '0')}`;
  let s = await h.api<Versioned & { name: string }>('POST', '/api/suppliers', staffToken, {
    ...validProfile({ name, birthday, id_card_no: idCardFor(birthday, `6${String(seq).padStart(2, '0')}`) }),
  });
  for (const command of commands) {
    const answer = await h.api<{ supplier: Versioned & { name: string } }>(
      'POST',
      `/api/suppliers/${s.id}/events`,
      adminToken,
      { ...command, expectedVersion: s.version },
    );
    s = answer.supplier;
  }
  return s;
}

/** The time of day `iso` is in the member's zone: `H:mm` (the 12-hour clock's hour reads the same). */
function clockInZone(iso: string, twelveHour: boolean): string {
  const d = new Date(iso);
  const hour = (d.getUTCHours() + ZONE_OFFSET_HOURS) % 24;
  const shown = twelveHour ? hour % 12 || 12 : String(hour).padStart(2, '0');
  return `${shown}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

const stepKinds = (page: Page) =>
  page.locator('.audit-step').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));

describe('the basic profile', () => {
  let rejectedThenApproved: Versioned & { name: string };
  let history: HistoryEntry[];

  beforeAll(async () => {
    rejectedThenApproved = await supplier(
      `Starter audit ${Date.now()}`,
      { type: 'supplier.reject', reason: REASON },
      { type: 'supplier.resubmit' },
      { type: 'supplier.approve' },
    );
    history = await h.api<HistoryEntry[]>(
      'GET',
      `/api/suppliers/${rejectedThenApproved.id}/events`,
      adminToken,
    );
  });

  for (const [locale, m] of [
    ['en-US', en],
    ['zh-CN', zh],
  ] as const) {
    it(`shows a rejected, resubmitted, approved supplier as steps with the reason (${locale})`, async () => {
      const page = await signedIn(ADMIN, `/profile/basic?id=${rejectedThenApproved.id}`, locale);
      await page.getByTestId('audit-steps').waitFor(SLOW);
      expect(await stepKinds(page)).toEqual(['submitted', 'rejected', 'resubmitted', 'approved']);
      const steps = page.locator('.audit-step');
      expect(await steps.locator('.audit-step-title').allTextContents()).toEqual([
        m['starter.profile.step.submitted'],
        m['starter.profile.step.rejected'],
        m['starter.profile.step.resubmitted'],
        m['starter.profile.step.approved']! + m['starter.profile.step.current'],
      ]);
      // The current step is the approval, and only it.
      expect(await page.locator('.audit-step[aria-current="step"]').getAttribute('data-kind')).toBe(
        'approved',
      );
      expect(await page.getByTestId('audit-step-reason').textContent()).toBe(
        m['detail.history.reason']!.replace('{{reason}}', REASON),
      );
      // Who and when: the admin rejected it, at the time of its stored fact, in the member's zone and language.
      const rejected = page.locator('.audit-step[data-kind="rejected"]');
      const rejection = history.find((e) => e.type === 'SupplierRejected')!;
      const time = rejected.locator('time');
      expect(await time.getAttribute('datetime')).toBe(rejection.occurred_at);
      const shown = (await time.textContent())!;
      expect(shown).toContain(clockInZone(rejection.occurred_at, locale === 'en-US'));
      // The day as every page shows one, in the member's language (src/views/common/when.ts).
      expect(shown).toMatch(locale === 'zh-CN' ? /^\d{4}\/\d{1,2}\/\d{1,2} / : /^\d{1,2}\/\d{1,2}\/\d{4}, /);
      // The facts.
      const facts = page.getByTestId('supplier-facts');
      expect(await facts.textContent()).toContain(rejectedThenApproved.name);
      expect(await page.getByTestId('supplier-audit').textContent()).toBe(m['supply.audit.pass']);
      expect(await page.getByTestId('supplier-detail-link').getAttribute('href')).toBe(
        `/supply/detail?id=${rejectedThenApproved.id}`,
      );
      await shoot(page, SHOTS, `basic-profile-${locale}-light`);
      await shootDark(page, SHOTS, `basic-profile-${locale}-dark`);
      await page.close();
    });
  }

  it('names who acted on each step', async () => {
    const page = await signedIn(ADMIN, `/profile/basic?id=${rejectedThenApproved.id}`);
    await page.getByTestId('audit-steps').waitFor(SLOW);
    const by = (kind: string) => page.locator(`.audit-step[data-kind="${kind}"]`).textContent();
    // Registered by staff, rejected and approved by the admin (names as the history gives them).
    const full = await h.api<Array<HistoryEntry & { actor: { name: string | null; email: string } }>>(
      'GET',
      `/api/suppliers/${rejectedThenApproved.id}/events`,
      adminToken,
    );
    const nameOf = (type: string) => {
      const a = full.find((e) => e.type === type)!.actor;
      return a.name || a.email;
    };
    expect(await by('submitted')).toContain(nameOf('SupplierRegistered'));
    expect(await by('rejected')).toContain(nameOf('SupplierRejected'));
    expect(await by('approved')).toContain(nameOf('SupplierApproved'));
    expect(nameOf('SupplierRegistered')).not.toBe(nameOf('SupplierApproved'));
    await page.close();
  });

  it('without an id shows the supplier most recently submitted for audit, waiting as its current step', async () => {
    const waiting = await supplier(`Starter waiting ${Date.now()}`);
    const page = await signedIn(ADMIN, '/profile/basic');
    const facts = page.getByTestId('supplier-facts');
    await facts.waitFor(SLOW);
    expect(await facts.getAttribute('data-supplier-id')).toBe(String(waiting.id));
    expect(await facts.textContent()).toContain(en['starter.profile.latest']);
    expect(await stepKinds(page)).toEqual(['submitted', 'waiting']);
    expect(await page.locator('.audit-step[aria-current="step"]').getAttribute('data-kind')).toBe('waiting');
    await shoot(page, SHOTS, 'basic-profile-waiting-light');
    await page.setViewportSize({ width: 600, height: 900 });
    await shoot(page, SHOTS, 'basic-profile-waiting-narrow-light');
    await page.close();
  });

  it('says clearly that an unknown supplier does not exist, and the search opens another', async () => {
    const page = await signedIn(ADMIN, '/profile/basic?id=987654');
    await page.getByText(en['starter.profile.missing.title']!).waitFor(SLOW);
    expect(await page.locator('.basic-profile-missing').textContent()).toContain(
      en['starter.profile.missing.text']!.replace('{{id}}', '987654'),
    );
    const picker = page.getByTestId('supplier-picker');
    await picker.getByRole('textbox').fill(rejectedThenApproved.name);
    await picker.getByRole('textbox').press('Enter');
    const match = picker.locator(`a[data-supplier-id="${rejectedThenApproved.id}"]`);
    await expect.poll(() => picker.locator('a[data-supplier-id]').count(), SLOW).toBe(1);
    await match.click();
    await page.waitForURL(new RegExp(`/profile/basic\\?id=${rejectedThenApproved.id}$`));
    await page.getByTestId('audit-steps').waitFor(SLOW);
    expect(await stepKinds(page)).toEqual(['submitted', 'rejected', 'resubmitted', 'approved']);
    await page.close();
  });
  it("keeps its supplier in a cached tab while another page's ?id= is shown", async () => {
    const page = await signedIn(ADMIN, `/profile/basic?id=${rejectedThenApproved.id}`);
    await page.getByTestId('audit-steps').waitFor(SLOW);
    const other = 987_001;
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api/suppliers/${other}`)) asked.push(r.url());
    });
    // Within the console (a reload would drop the cached tab): the router follows the address it is given.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/project/project?id=${other}`);
    await page.getByText(en['errors.notFound.project']!.replace('{{id}}', String(other))).waitFor(SLOW);
    await page.getByTestId('tab-bar').locator('[data-tab="Basic"]').click();
    await page.waitForURL(new RegExp(`/profile/basic\\?id=${rejectedThenApproved.id}$`));
    const facts = page.getByTestId('supplier-facts');
    expect(await facts.getAttribute('data-supplier-id')).toBe(String(rejectedThenApproved.id));
    expect(asked).toEqual([]);
    await page.close();
  });

  it('shows a failed load with a retry that loads it', async () => {
    const page = await signedIn(ADMIN, '/dashboard/workplace');
    let failing = true;
    await page.route(/\/api\/suppliers\/\d+\/events$/, (route) =>
      failing ? route.fulfill(SERVER_ERROR) : route.continue(),
    );
    await page.goto(h.url(`/profile/basic?id=${rejectedThenApproved.id}`));
    await page.getByText(en['detail.loadFailed']!).waitFor(SLOW);
    expect(await page.getByText(en['errors.internal']!).count()).toBe(1);
    failing = false;
    await page.getByRole('button', { name: en['detail.retry'] }).click();
    await page.getByTestId('audit-steps').waitFor(SLOW);
    expect(await stepKinds(page)).toEqual(['submitted', 'rejected', 'resubmitted', 'approved']);
    await page.close();
  });

  it('says so when no supplier waits for audit', async () => {
    const page = await signedIn(ADMIN, '/dashboard/workplace');
    await page.route(/\/api\/suppliers\?.*audit_state=waiting_audit/, (route) =>
      route.fulfill(ok({ items: [], total: 0, page: 1, page_size: 1 })),
    );
    await page.goto(h.url('/profile/basic'));
    await page.getByText(en['starter.profile.none.title']!).waitFor(SLOW);
    expect(await page.getByTestId('supplier-facts').count()).toBe(0);
    await page.close();
  });
});

describe('the card list', () => {
  const tag = `Starter card ${Date.now()}`;
  let shown: Versioned;
  let closed: Versioned;

  beforeAll(async () => {
    const create = async (name: string, ...commands: string[]) => {
      let p = await h.api<Versioned>('POST', '/api/projects', adminToken, {
        project_name: `${tag} ${name}`,
        min_price: 88,
        summary: `Cards ${name}`,
      });
      for (const type of commands)
        p = (
          await h.api<{ project: Versioned }>('POST', `/api/projects/${p.id}/events`, adminToken, {
            type,
            expectedVersion: p.version,
          })
        ).project;
      return p;
    };
    shown = await create('Window cleaning', 'project.show');
    closed = await create('Sofa care', 'project.close');
  });

  const card = (page: Page, id: number) =>
    page.locator(`[data-testid="project-card"][data-project-id="${id}"]`);
  const actionsOf = (page: Page, id: number) =>
    card(page, id)
      .locator('[data-action]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));

  it('searches on the server, closes a project after a confirmation and shows its new state', async () => {
    const page = await signedIn(ADMIN, '/list/card');
    await page.getByTestId('project-card').first().waitFor(SLOW);
    await shoot(page, SHOTS, 'card-list-demo-light');
    await shootDark(page, SHOTS, 'card-list-demo-dark');
    const search = page.getByPlaceholder(en['project.search.placeholder']!);
    await search.fill(tag);
    await search.press('Enter');
    await page.waitForURL(/\/list\/card\?q=/);
    await expect.poll(() => page.getByTestId('project-card').count(), SLOW).toBe(2);
    expect(await card(page, shown.id).textContent()).toContain(`${tag} Window cleaning`);
    expect(await card(page, shown.id).textContent()).toContain('¥88.00');
    // Only what the admin may do to each now: hide or close the shown one; enable the closed one.
    expect(await actionsOf(page, shown.id)).toEqual(['project.hide', 'project.close']);
    expect(await actionsOf(page, closed.id)).toEqual(['project.enable']);
    await shoot(page, SHOTS, 'card-list-light');
    await shootDark(page, SHOTS, 'card-list-dark');

    await card(page, shown.id).locator('[data-action="project.close"]').click();
    const dialog = page.locator('.bp6-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(en['starter.cards.close.text']);
    await dialog
      .locator('.bp6-dialog-footer')
      .getByRole('button', { name: en['project.action.close'], exact: true })
      .click();
    await expect.poll(() => card(page, shown.id).getAttribute('data-enabled'), SLOW).toBe('false');
    expect(await card(page, shown.id).getAttribute('data-display')).toBe('false');
    expect(await card(page, shown.id).getByTestId('card-enabled').textContent()).toBe(
      en['project.enabled.false'],
    );
    expect(await card(page, shown.id).getByTestId('card-display').textContent()).toBe(
      en['project.display.false'],
    );
    expect(await actionsOf(page, shown.id)).toEqual(['project.enable']);
    const stored = await h.api<{ is_enabled: boolean }>('GET', `/api/projects/${shown.id}`, adminToken);
    expect(stored.is_enabled).toBe(false);
    await page.close();
  });

  it('refuses a command on a card someone else changed meanwhile, and works after a reload', async () => {
    const page = await signedIn(ADMIN, `/list/card?q=${encodeURIComponent(tag)}`);
    await card(page, closed.id).waitFor(SLOW);
    const now = await h.api<Versioned>('GET', `/api/projects/${closed.id}`, adminToken);
    await h.api('POST', `/api/projects/${closed.id}/events`, adminToken, {
      type: 'project.rank',
      ranking: 7,
      expectedVersion: now.version,
    });
    await card(page, closed.id).locator('[data-action="project.enable"]').click();
    const named = en['list.versionConflict']!.replace('{{name}}', `${tag} Sofa care`);
    await page.getByText(named).waitFor(SLOW);
    expect(await card(page, closed.id).getAttribute('data-enabled')).toBe('false');
    await page.getByRole('button', { name: en['list.reload'] }).click();
    await card(page, closed.id).locator('[data-action="project.enable"]').click();
    await expect.poll(() => card(page, closed.id).getAttribute('data-enabled'), SLOW).toBe('true');
    await page.close();
  });

  it('shows placeholder cards while loading, a failure with a retry, then the cards', async () => {
    const page = await signedIn(ADMIN, '/dashboard/workplace');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let answer: 'hold-then-fail' | 'pass' = 'hold-then-fail';
    await page.route(/\/api\/projects\?/, async (route) => {
      if (answer === 'pass') return route.continue();
      await held;
      return route.fulfill(SERVER_ERROR);
    });
    await page.goto(h.url(`/list/card?q=${encodeURIComponent(tag)}`));
    await page.getByTestId('card-list-loading').waitFor(SLOW);
    release();
    await page.getByText(en['list.loadFailed']!).waitFor(SLOW);
    answer = 'pass';
    await page.getByRole('button', { name: en['list.retry'] }).click();
    await card(page, closed.id).waitFor(SLOW);
    expect(await page.getByTestId('card-list-loading').count()).toBe(0);
    await page.close();
  });

  it('offers a staff member no admin-only command', async () => {
    const create = (name: string) =>
      h.api<Versioned>('POST', '/api/projects', adminToken, {
        project_name: `${tag} Staff ${name}`,
        min_price: 66,
      });
    const hidden = await create('hidden');
    const shut = await create('closed');
    await h.api('POST', `/api/projects/${shut.id}/events`, adminToken, {
      type: 'project.close',
      expectedVersion: shut.version,
    });
    const page = await signedIn(STAFF, `/list/card?q=${encodeURIComponent(`${tag} Staff`)}`);
    await card(page, hidden.id).waitFor(SLOW);
    await card(page, shut.id).waitFor(SLOW);
    // Hidden and enabled: staff may show it, and may not close it (an admin may).
    expect(await actionsOf(page, hidden.id)).toEqual(['project.show']);
    // Closed: enabling it is the admin's, so the staff member is offered nothing.
    expect(await actionsOf(page, shut.id)).toEqual([]);
    await page.setViewportSize({ width: 600, height: 900 });
    expect(await page.locator('[data-action="project.close"], [data-action="project.enable"]').count()).toBe(
      0,
    );
    await shoot(page, SHOTS, 'card-list-staff-narrow-light');
    await page.close();
  });
});
