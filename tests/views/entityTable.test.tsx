// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createActor, fromPromise } from 'xstate';
import type { ListResult } from '@/contract/api';
import type { SupplierDto } from '@/contract/suppliers';
import { createI18n } from '@/i18n';
import { listScreenMachine } from '@/machines/screens/listScreenMachine';
import { SUPPLIER_SPEC, supplierScreen } from '@/machines/screens/supplierScreens';
import { EntityTable, ListTabs, Pagination, type ListActor } from '@/views/kit/listScreen';
import { listResult } from '../machines/screens/supplierScreenFixtures';

// The column widths Blueprint's table is given at each of its renders (a stand-in that records them).
const tableWidths = vi.hoisted(() => [] as number[][]);
vi.mock('@blueprintjs/table', async (original) => ({
  ...(await original<typeof import('@blueprintjs/table')>()),
  Table: ({ columnWidths }: { columnWidths: number[] }) => {
    tableWidths.push(columnWidths);
    return <div className="table-stand-in" />;
  },
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The table's box is laid out 1,002 px wide (happy-dom lays out nothing): 1,000 inside its border.
const BOX = 1002;
const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('kit-table') ? BOX : 0;
    },
  });
});

let root: Root | null = null;
let actors: Array<{ stop: () => void }> = [];
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  actors.forEach((a) => a.stop());
  actors = [];
  document.body.innerHTML = '';
  tableWidths.length = 0;
  if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
});

/** `node` rendered in English into a new element of the page; the element. */
function mount(node: ReactNode): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  root = createRoot(el);
  act(() => root!.render(<I18nextProvider i18n={createI18n('en-US')}>{node}</I18nextProvider>));
  return el;
}

/** A supplier list whose first page arrives when the test says. */
function listActor(query: Record<string, string> = {}) {
  let arrive!: (page: ListResult<SupplierDto>) => void;
  const page = new Promise<ListResult<SupplierDto>>((resolve) => (arrive = resolve));
  const actor = createActor(
    listScreenMachine.provide({
      actors: {
        fetchPage: fromPromise(() => page) as never,
        fetchLookups: fromPromise(async () => ({ city: [] })) as never,
      },
    }),
    { input: { entity: supplierScreen as never, spec: SUPPLIER_SPEC, role: 'admin', query } },
  );
  actor.start();
  actors.push(actor);
  return { actor: actor as unknown as ListActor, arrive };
}

const COLUMNS = [
  { key: 'name', header: 'Name', width: 200, render: (r: SupplierDto) => r.name },
  { key: 'mobile', header: 'Mobile', width: 100, render: (r: SupplierDto) => r.mobile },
];

describe('EntityTable', () => {
  it('measures its box while the first page loads, so the table renders once, its columns filling the box', async () => {
    const { actor, arrive } = listActor();
    const el = mount(<EntityTable actor={actor} columns={COLUMNS} emptyTitle="No suppliers" />);
    expect(el.querySelector('.kit-table-loading')).not.toBeNull();
    expect(tableWidths).toEqual([]);

    await act(async () => arrive(listResult));
    expect(el.querySelector('.table-stand-in')).not.toBeNull();
    // Two rows: no vertical scrollbar. 200 : 100 of 1,000 px, the last column taking what rounding leaves.
    expect(tableWidths).toEqual([[666, 334]]);
  });
});

describe('Pagination', () => {
  it('shows the page size the address names, one the sizes offered do not hold', async () => {
    const { actor, arrive } = listActor({ page_size: '7' });
    const el = mount(<Pagination actor={actor} />);
    await act(async () => arrive({ ...listResult, total: 42, page_size: 7 }));
    const select = el.querySelector('select')!;
    expect(select.value).toBe('7');
    expect([...select.options].map((o) => o.value)).toEqual(['7', '10', '20', '50', '100']);
  });
});

describe('ListTabs', () => {
  it('shows no count before the server gave one, then the counts it gave', async () => {
    const { actor, arrive } = listActor();
    const el = mount(<ListTabs actor={actor} labelKey={(tab) => `supply.tab.${tab}`} />);
    const tags = () => [...el.querySelectorAll('[role="tab"] .bp6-tag')].map((tag) => tag.textContent);
    expect(el.querySelectorAll('[role="tab"]')).toHaveLength(4);
    expect(tags()).toEqual([]);
    await act(async () => arrive(listResult));
    expect(tags()).toEqual(['2', '0', '0', '1']);
  });
});
