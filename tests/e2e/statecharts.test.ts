/**
 * Statechart diagrams in Chromium (issue 14).
 *
 * 1. Every diagram committed in docs/statecharts/ is drawn by the real Mermaid package (the version the console
 *    ships, loaded from node_modules into a blank page, no network): any parse or layout error fails, every
 *    declared state must appear under its label, and no transition label may cover a state.
 * 2. The admin-only /statecharts page of the console lists every machine with its description and invariants and
 *    draws each diagram, in the reader's language and theme, with Mermaid loaded only there; its lifecycle panel
 *    preview highlights the active states and lists the open and refused transitions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { statecharts } from '@/views/statecharts/catalog.generated';
import { setup } from 'xstate';
import { activeStateIds, chartOf, chartStates, humanize, toMermaid } from '@/views/statecharts/chart';
import { ADMIN, ROOT, STAFF, launchChromium, startHarness, type Harness } from './support/harness';
import { WORKPLACE, signedIn as signedInAt } from './support/pages';

const CHARTS_DIR = join(ROOT, 'docs/statecharts');
const MERMAID = join(ROOT, 'node_modules/mermaid/dist/mermaid.min.js');

/** The Mermaid blocks of every Markdown file in docs/statecharts. */
function committedDiagrams(): { file: string; text: string }[] {
  return readdirSync(CHARTS_DIR)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .flatMap((file) =>
      [...readFileSync(join(CHARTS_DIR, file), 'utf8').matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => ({
        file,
        text: m[1]!,
      })),
    );
}

interface Drawn {
  error?: string;
  text: string;
  nodes: number;
  /** Transition labels that cover a state box. */
  covering: string[];
}

/** Renders one diagram in the page; resolves with what was drawn or the error Mermaid threw. */
function draw(page: Page, id: string, text: string): Promise<Drawn> {
  return page.evaluate(
    async ([id, text]) => {
      const mermaid = (window as unknown as { mermaid: typeof import('mermaid').default }).mermaid;
      const host = document.getElementById('host')!;
      host.innerHTML = '';
      try {
        await mermaid.parse(text);
        const { svg } = await mermaid.render(id, text);
        host.innerHTML = svg;
      } catch (e) {
        return { error: String((e as Error)?.message ?? e), text: '', nodes: 0, covering: [] };
      }
      const box = (el: Element) => el.getBoundingClientRect();
      const overlap = (a: DOMRect, b: DOMRect) =>
        a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
      const states = [...host.querySelectorAll('g.node')].filter((n) => box(n).width > 0);
      const labels = [...host.querySelectorAll('g.edgeLabel')].filter((l) => box(l).width > 0);
      const covering = labels
        .filter((l) => states.some((s) => overlap(box(l), box(s))))
        .map((l) => l.textContent ?? '');
      const shown = [...host.querySelectorAll('g.node, g.cluster, .cluster-label, g.edgeLabel')]
        .map((el) => el.textContent ?? '')
        .join('\n');
      return { text: shown, nodes: states.length, covering };
    },
    [id, text] as const,
  );
}

describe('every generated diagram draws with Mermaid', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.setContent('<!doctype html><html><body><div id="host"></div></body></html>');
    await page.addScriptTag({ path: MERMAID });
    await page.evaluate(() => {
      const mermaid = (window as unknown as { mermaid: typeof import('mermaid').default }).mermaid;
      mermaid.initialize({ startOnLoad: false, state: { useMaxWidth: false } });
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const diagrams = committedDiagrams();

  it('finds a diagram for every machine in the catalog', () => {
    const files = new Set(diagrams.map((d) => d.file));
    expect(statecharts.length).toBeGreaterThan(0);
    for (const entry of statecharts) expect(files).toContain(`${entry.id}.md`);
  });

  it.each(diagrams)('draws $file', async ({ file, text }) => {
    const drawn = await draw(page, `d-${file.replace(/\W/g, '-')}`, text);
    expect(drawn.error, `${file}: Mermaid failed`).toBeUndefined();
    expect(drawn.text).not.toMatch(/Syntax error/i);
    const entry = statecharts.find((e) => `${e.id}.md` === file);
    if (entry) {
      const labels = chartStates(entry.chart)
        .filter((s) => s.type !== 'history')
        .map((s) => humanize(s.key));
      for (const label of labels) expect(drawn.text, `${file} shows "${label}"`).toContain(label);
      expect(drawn.nodes).toBeGreaterThanOrEqual(labels.length);
    }
    expect(drawn.covering, `${file}: transition labels covering a state`).toEqual([]);
  });

  it('draws what no committed machine has yet: final and history states, highlighted active states', async () => {
    const machine = setup({}).createMachine({
      id: 'fixture',
      type: 'parallel',
      states: {
        work: {
          initial: 'draft',
          states: {
            draft: { on: { 'doc.publish': 'published', 'doc.park': 'parked' } },
            parked: { on: { 'doc.resume': 'back' } },
            published: { type: 'parallel', states: { a: { initial: 'x', states: { x: {} } }, b: {} } },
            back: { type: 'history' },
            archived: { type: 'final' },
          },
          on: { 'doc.archive': '.archived' },
        },
        flag: { initial: 'off', states: { off: { on: { 'flag.on': 'on' } }, on: {} } },
      },
    });
    const chart = chartOf(machine);
    const text = toMermaid(chart, { active: activeStateIds(chart, { work: 'draft', flag: 'on' }) });
    const drawn = await draw(page, 'fixture', text);
    expect(drawn.error).toBeUndefined();
    expect(drawn.text).toContain('archived');
    expect(await page.locator('#host g.node.active').count()).toBe(2);
  });
});

describe('the /statecharts page of the console', () => {
  let h: Harness;
  /** Every URL the browser requested, in order. */
  let requested: string[];

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = (who: { email: string; password: string }) => {
    requested = [];
    return signedInAt(h, who, WORKPLACE, {
      area: 'statecharts',
      timeout: 20_000,
      opened: (page) => page.on('request', (r) => requested.push(new URL(r.url()).pathname)),
    });
  };

  const mermaidChunk = (urls: string[]) => urls.filter((u) => /\/mermaid\.[0-9a-f]+\.js$/.test(u));

  it('keeps Mermaid out of the startup bundle: its code is in no initial chunk', () => {
    const html = readFileSync(join(ROOT, 'dist/index.html'), 'utf8');
    const initial = [...html.matchAll(/<script[^>]+src="\/([^"]+)"/g)].map((m) => m[1]!);
    expect(initial.length).toBeGreaterThan(0);
    for (const file of initial) {
      const code = readFileSync(join(ROOT, 'dist', file), 'utf8');
      // Mermaid's parser names the diagram type; its layout is dagre's.
      expect(code, file).not.toMatch(/stateDiagram|dagre/);
    }
  });

  it('lists every machine with its description and invariants, draws each diagram, Mermaid loaded only here', async () => {
    const page = await signedIn(ADMIN);
    await page.goto(h.url('/supply/list'));
    await page.locator('.page-frame').first().waitFor();
    expect(mermaidChunk(requested), 'login, workplace and a list load no Mermaid').toEqual([]);

    await page.goto(h.url('/statecharts'));
    await page.getByRole('heading', { name: 'Statecharts' }).waitFor();
    for (const entry of statecharts) {
      const card = page.getByTestId(`statechart-${entry.id}`);
      await card.getByRole('heading').filter({ hasText: entry.id }).waitFor();
      expect(await card.textContent()).toContain(entry.description[0]!.text.replace(/`/g, ''));
      expect(await card.textContent()).toContain(entry.invariants.at(-1)!.text.replace(/`/g, ''));
    }
    const diagrams = page.locator('.statechart-entry .statechart-diagram');
    await expect
      .poll(() => diagrams.locator('.statechart-svg > svg').count(), { timeout: 60_000 })
      .toBe(statecharts.length);
    await expect
      .poll(() => page.locator('.statechart-entry .statechart-diagram[data-state="drawn"]').count())
      .toBe(statecharts.length);
    expect(await page.locator('.statechart-diagram[data-state="failed"]').count()).toBe(0);
    expect(mermaidChunk(requested)).toHaveLength(1);
    await h.screenshot(page, 'statecharts-page');
    const supplier = page.getByTestId('statechart-supplier');
    expect(await supplier.locator('.statechart-svg > svg').textContent()).toContain('waiting audit');
    await supplier.scrollIntoViewIfNeeded();
    await h.screenshot(page, 'statecharts-supplier');
  });

  it('previews the lifecycle panel: active states highlighted, what is open now and why the rest is not', async () => {
    const page = await signedIn(ADMIN);
    await page.goto(h.url('/statecharts'));
    const preview = page.getByTestId('statecharts-preview');
    await preview.locator('select').selectOption('supplier');
    const panel = preview.getByTestId('lifecycle-panel');
    // Closed by default: nothing drawn until it is opened.
    expect(await panel.locator('.statechart-diagram').count()).toBe(0);
    await panel.getByText('Lifecycle', { exact: true }).click();
    const diagram = panel.locator('.statechart-diagram[data-state="drawn"] .statechart-svg > svg');
    await diagram.waitFor();
    expect(await panel.getByTestId('lifecycle-current').textContent()).toBe(
      'Current statewaiting auditenabled',
    );
    // State boxes list the transitions that stay after the name: compare the names.
    const highlighted = await diagram.locator('g.node.active').allTextContents();
    expect(highlighted).toHaveLength(2);
    expect(highlighted[0]).toMatch(/^waiting audit/);
    expect(highlighted[1]).toBe('enabled');
    const open = await panel.getByTestId('lifecycle-open').locator('li').allTextContents();
    // The machine's events are the facts the log stores.
    expect(open.map((t) => t.trim())).toEqual(['SupplierApproved']);
    const refused = await panel.getByTestId('lifecycle-refused').locator('li').allTextContents();
    expect(refused.map((t) => t.trim())).toContain('SupplierRejected — Only when hasReason');
    expect(refused.map((t) => t.trim())).toContain('SupplierResubmitted — Only from: rejected');
    expect(refused.map((t) => t.trim())).toContain('SupplierClosed — Only when notServicing');
    await panel.scrollIntoViewIfNeeded();
    await h.screenshot(page, 'statecharts-lifecycle-panel');
  });

  it('follows the language and the dark theme', async () => {
    const page = await signedIn(ADMIN);
    await page.goto(h.url('/statecharts'));
    const supplier = page.getByTestId('statechart-supplier');
    const drawn = supplier.locator('.statechart-diagram[data-state="drawn"] .statechart-svg > svg');
    await expect.poll(() => drawn.textContent(), { timeout: 60_000 }).toContain('waiting audit');
    const nodeFill = () =>
      drawn
        .locator('g.node rect')
        .first()
        .evaluate((el) => getComputedStyle(el).fill);
    const lightFill = await nodeFill();

    await page.getByTestId('locale-switch').click();
    await page.getByRole('heading', { name: '状态图' }).waitFor();
    await expect.poll(() => drawn.textContent(), { timeout: 60_000 }).toContain('待审核');
    expect(await supplier.textContent()).toContain('用途');

    await page.getByTestId('theme-switch').click();
    await expect.poll(() => page.evaluate(() => document.body.getAttribute('arco-theme'))).toBe('dark');
    await expect.poll(nodeFill, { timeout: 60_000 }).not.toBe(lightFill);
    // Mermaid's dark theme fills states with a dark grey, its default theme with a light lavender.
    const [r, g, b] = (await nodeFill()).match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(3 * 100);
    await supplier.scrollIntoViewIfNeeded();
    await h.screenshot(page, 'statecharts-dark-zh');
  });

  it('is for admins only: a user is sent elsewhere and loads no Mermaid', async () => {
    const page = await signedIn(STAFF);
    await page.goto(h.url('/statecharts'));
    await page.waitForURL((url) => url.pathname !== '/statecharts');
    await page.locator('.page-frame').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Statecharts' }).count()).toBe(0);
    expect(mermaidChunk(requested)).toEqual([]);
  });
});
