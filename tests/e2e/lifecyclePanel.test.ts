/**
 * The lifecycle panel on a record's detail page (issue 14), in Chromium against the real server: a supplier in each
 * audit state shows its current state, what is open now and why the rest is not (the answers the buttons give),
 * with the statechart drawn and its active states highlighted; in zh-CN and in the dark theme too. The diagram
 * code is loaded only once the panel is opened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { idCardFor, validProfile } from '../machines/lifecycles/supplierFixtures';
import { ADMIN, startHarness, type Harness } from './support/harness';
import { WORKPLACE, signedIn as signedInAt } from './support/pages';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  const res = await fetch(h.url('/api/sanctum-auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  token = ((await res.json()) as { data: { token: string } }).data.token;
});
afterAll(async () => {
  await h?.stop();
});

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(h.url(path), {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { err_code: number; err_msg: string; data: T };
  if (answer.err_code !== 200) throw new Error(`${method} ${path}: ${answer.err_msg}`);
  return answer.data;
}

type Supplier = { id: number; version: number };
let seq = 0;
async function supplier(...commands: Array<Record<string, unknown>>): Promise<number> {
  seq++;
  const birthday = `1987-04-${String(10 + seq).padStart(2, '0')}`;
  let s = await api<Supplier>('POST', '/api/suppliers', {
    ...validProfile({
      name: `Panel ${seq} ${Date.now()}`,
      birthday,
      id_card_no: idCardFor(birthday, `8${seq}0`),
    }),
  });
  for (const command of commands)
    s = (
      await api<{ supplier: Supplier }>('POST', `/api/suppliers/${s.id}/events`, {
        ...command,
        expectedVersion: s.version,
      })
    ).supplier;
  return s.id;
}

const signedIn = (locale: 'en-US' | 'zh-CN', theme: 'light' | 'dark') =>
  signedInAt(h, ADMIN, WORKPLACE, { area: 'lifecycle-panel', locale, theme });

async function openPanel(page: Page, id: number, button: string) {
  const mermaid: string[] = [];
  page.on('request', (r) => /mermaid/i.test(r.url()) && mermaid.push(r.url()));
  await page.goto(h.url(`/supply/detail?id=${id}`));
  await page.getByTestId('lifecycle-open-button').waitFor();
  expect(mermaid, 'no diagram code before the panel opens').toEqual([]);
  expect(await page.getByTestId('lifecycle-open-button').textContent()).toBe(button);
  await page.getByTestId('lifecycle-open-button').click();
  const panel = page.getByTestId('lifecycle-panel');
  await panel.locator('.statechart-diagram[data-state="drawn"] svg').first().waitFor({ timeout: 60_000 });
  expect(mermaid.length, 'the diagram code is loaded once the panel opens').toBeGreaterThan(0);
  return panel;
}

const texts = async (page: Page, id: string) =>
  (await page.getByTestId(id).locator('li').allTextContents()).map((t) => t.trim());

describe('the lifecycle panel of a supplier', () => {
  it('in each audit state: where it is, what is open, why the rest is not', async () => {
    const waiting = await supplier();
    const passed = await supplier({ type: 'supplier.approve' });
    const rejected = await supplier({ type: 'supplier.reject', reason: 'The ID card photo is blurred' });
    const page = await signedIn('en-US', 'light');

    let panel = await openPanel(page, waiting, 'Show its lifecycle');
    expect(await panel.getByTestId('lifecycle-current').textContent()).toBe(
      'Current statewaiting auditenabled',
    );
    expect(await texts(page, 'lifecycle-open')).toEqual(
      expect.arrayContaining(['Approve', 'Reject', 'Close']),
    );
    expect(await texts(page, 'lifecycle-refused')).toContain(
      'Resubmit — Only a rejected supplier can be resubmitted',
    );
    const active = await panel.locator('g.node.active').allTextContents();
    expect(active.some((t) => t.startsWith('waiting audit'))).toBe(true);
    await h.screenshot(page, 'lifecycle-panel-waiting');

    panel = await openPanel(page, passed, 'Show its lifecycle');
    expect(await panel.getByTestId('lifecycle-current').textContent()).toContain('resting');
    expect(await texts(page, 'lifecycle-open')).toEqual(expect.arrayContaining(['Take orders', 'Show']));
    expect((await texts(page, 'lifecycle-refused')).some((t) => t.startsWith('Approve — '))).toBe(true);

    panel = await openPanel(page, rejected, 'Show its lifecycle');
    expect(await panel.getByTestId('lifecycle-current').textContent()).toContain('rejected');
    expect(await texts(page, 'lifecycle-open')).toContain('Resubmit');
  });

  it('follows the language and the dark theme', async () => {
    const waiting = await supplier();
    const page = await signedIn('zh-CN', 'dark');
    const panel = await openPanel(page, waiting, '查看生命周期');
    expect(await panel.getByTestId('lifecycle-current').textContent()).toContain('待审核');
    const fill = await panel
      .locator('g.node:not(.active) rect')
      .first()
      .evaluate((el) => getComputedStyle(el).fill);
    const [r, g, b] = fill.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!, 'a dark state box').toBeLessThan(3 * 100);
    await panel.scrollIntoViewIfNeeded();
    await h.screenshot(page, 'lifecycle-panel-zh-dark');
  });
});
