// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { setup } from 'xstate';
import { createI18n } from '@/i18n';
import { activeStateIds, chartOf, chartStates } from '@/views/statecharts/chart';
import { statecharts } from '@/views/statecharts/catalog.generated';
import { LifecyclePanel, type LifecyclePanelProps } from '@/views/statecharts/LifecyclePanel';
import { STATECHART_MESSAGES, stateLabelKeys } from '@/views/statecharts/text';

// Mermaid itself is drawn in Chromium (tests/e2e/statecharts.test.ts); here it is replaced by a stub that
// records what it was asked to draw.
const renders = vi.hoisted(() => [] as { text: string; dark: boolean }[]);
vi.mock('@/views/statecharts/mermaid', () => ({
  renderMermaid: vi.fn(async (text: string, dark: boolean) => {
    renders.push({ text, dark });
    return `<svg data-testid="stub-svg"><text>${dark ? 'dark' : 'light'}</text></svg>`;
  }),
  loadMermaid: vi.fn(),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const docMachine = setup({}).createMachine({
  id: 'doc',
  type: 'parallel',
  states: {
    audit: {
      initial: 'waitingAudit',
      states: {
        waitingAudit: { on: { 'doc.approve': 'passed', 'doc.reject': 'rejected' } },
        passed: {},
        rejected: {},
      },
    },
    enablement: { initial: 'enabled', states: { enabled: { on: { 'doc.close': 'closed' } }, closed: {} } },
  },
});

let root: Root | undefined;
let container: HTMLElement | undefined;
beforeEach(() => {
  renders.length = 0;
});
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  document.body.removeAttribute('arco-theme');
});

async function render(props: Partial<LifecyclePanelProps>, locale: 'en-US' | 'zh-CN' = 'en-US') {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  const i18n = createI18n(locale);
  const all: LifecyclePanelProps = {
    machine: docMachine,
    activeStateIds: activeStateIds(chartOf(docMachine), { audit: 'waitingAudit', enablement: 'enabled' }),
    actions: [
      { label: 'Approve', allowed: true },
      { label: 'Reject', allowed: false, reasonText: 'A reason is required' },
      { label: 'Show', allowed: false },
    ],
    ...props,
  };
  await act(async () =>
    root!.render(<I18nextProvider i18n={i18n}>{<LifecyclePanel {...all} />}</I18nextProvider>),
  );
  return container;
}

const texts = (el: Element, selector: string) =>
  [...el.querySelectorAll(selector)].map((n) => n.textContent?.replace(/\s+/g, ' ').trim());

describe('LifecyclePanel', () => {
  it('loads no Mermaid while closed, and draws the chart with the active states once opened', async () => {
    const el = await render({});
    expect(el.querySelector('.statechart-diagram')).toBeNull();
    expect(renders).toEqual([]);

    await act(async () => (el.querySelector('.bp6-section-header') as HTMLElement).click());
    expect(renders).toHaveLength(1);
    expect(renders[0]!.dark).toBe(false);
    expect(renders[0]!.text).toContain('state "waiting audit" as doc_audit_waitingAudit');
    expect(renders[0]!.text).toMatch(/class doc_audit_waitingAudit,doc_enablement_enabled active$/m);
    expect(el.querySelector('.statechart-diagram')?.getAttribute('data-state')).toBe('drawn');
    expect(el.querySelector('[data-testid="stub-svg"]')).not.toBeNull();
  });

  it('lists the deepest active states, the actions possible now, and the reason for the others', async () => {
    const el = await render({ defaultIsOpen: true });
    expect(texts(el, '[data-testid="lifecycle-current"] .bp6-tag')).toEqual(['waiting audit', 'enabled']);
    expect(texts(el, '[data-testid="lifecycle-open"] li')).toEqual(['Approve']);
    expect(texts(el, '[data-testid="lifecycle-refused"] li')).toEqual([
      'Reject — A reason is required',
      'Show',
    ]);
  });

  it('says so when nothing is possible, and takes a chart as well as a machine', async () => {
    const el = await render({
      defaultIsOpen: true,
      machine: chartOf(docMachine),
      actions: [{ label: 'Approve', allowed: false, reasonText: 'Not yet' }],
    });
    expect(texts(el, '[data-testid="lifecycle-open"] .lifecycle-none')).toEqual(['Nothing can be done now.']);
    expect(el.querySelector('[data-testid="lifecycle-open"] li')).toBeNull();
    expect(renders[0]!.text).toContain('doc_audit_waitingAudit');
  });

  it('is controlled by isOpen and onToggle', async () => {
    const onToggle = vi.fn();
    const el = await render({ isOpen: false, onToggle });
    await act(async () => (el.querySelector('.bp6-section-header') as HTMLElement).click());
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(el.querySelector('.statechart-diagram')).toBeNull();
    expect(renders).toEqual([]);
  });

  it('follows the language and the dark theme', async () => {
    document.body.setAttribute('arco-theme', 'dark');
    const el = await render({ defaultIsOpen: true }, 'zh-CN');
    expect(texts(el, '.bp6-section-header')).toEqual(['生命周期']);
    expect(texts(el, '[data-testid="lifecycle-current"] .bp6-tag')).toEqual(['待审核', '已启用']);
    expect(renders.at(-1)!.text).toContain('state "待审核" as doc_audit_waitingAudit');
    expect(renders.at(-1)!.dark).toBe(true);

    await act(async () => document.body.removeAttribute('arco-theme'));
    await act(async () => undefined);
    expect(renders.at(-1)!.dark).toBe(false);
    expect(el.querySelector('[data-testid="stub-svg"]')?.textContent).toBe('light');
  });
});

describe('statechart texts', () => {
  it('has the same keys in zh-CN and en-US, none empty', () => {
    const en = STATECHART_MESSAGES['en-US'];
    const zh = STATECHART_MESSAGES['zh-CN'];
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const v of [...Object.values(zh), ...Object.values(en)]) expect(v.trim()).not.toBe('');
  });

  it('names every machine and labels every state of the generated charts in both languages', () => {
    for (const [locale, messages] of Object.entries(STATECHART_MESSAGES)) {
      const missing: string[] = [];
      for (const { id, chart } of statecharts) {
        if (!(`statecharts.machine.${id}` in messages)) missing.push(`statecharts.machine.${id}`);
        for (const state of chartStates(chart)) {
          if (state.type === 'history') continue;
          const keys = stateLabelKeys(id, state.key);
          if (!keys.some((k) => k in messages)) missing.push(keys[1]!);
        }
      }
      expect(missing, `${locale}: add these to src/i18n/locales/*/statecharts.ts`).toEqual([]);
    }
  });
});
