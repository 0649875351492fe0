import { describe, expect, it } from 'vitest';
import { PROJECT_LIST, type ProjectDto } from '@/contract/projects';
import { SERVICE_CITY_LIST, type ServiceCityDto } from '@/contract/serviceCities';
import { SUPPLIER_LIST, type SupplierDto } from '@/contract/suppliers';
import type { AnyLifecycle } from '@/machines/lifecycles/lifecycle';
import { projectScreen } from '@/machines/screens/projectScreens';
import { allowedAction, type ScreenEntity } from '@/machines/screens/screenEntity';
import { serviceCityScreen } from '@/machines/screens/serviceCityScreens';
import { supplierScreen } from '@/machines/screens/supplierScreens';
import { supplierRow } from './supplierScreenFixtures';

// A list naming its items (`items` in its ListSpec) gives only those fields: the supplier list leaves out the
// profile's pictures, texts and papers, the project list its carousel and rich texts, the service-city list who made
// a city and when it last changed. The rows' buttons ask the lifecycle what a row allows: every command must be judged
// on a list item as on the whole record, in each state below, for each role. A field a rule reads and the list left
// out fails here.

const project = (overrides: Partial<ProjectDto>): ProjectDto => ({
  id: 7,
  version: 4,
  project_name: 'Deep cleaning',
  cover: '/uploads/cover.png',
  carouse_covers: ['/uploads/a.png', '/uploads/b.png'],
  summary: 'Kitchen and bathroom',
  min_price: '199.00',
  max_price: '299.50',
  duration: 120,
  intro: '<p>What is done</p>',
  avoid: '<p>Keep pets away</p>',
  order_instruction: '<p>Be there</p>',
  kind: 'normal',
  renewal_unit: null,
  renewal_unit_price: null,
  ranking: 3,
  is_display: false,
  is_enabled: true,
  created_by: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  ...overrides,
});

interface Case {
  name: string;
  screen: ScreenEntity<never>;
  lifecycle: AnyLifecycle;
  items: readonly string[];
  records: Array<Record<string, unknown>>;
}

const cases: Case[] = [
  {
    name: 'supplier',
    screen: supplierScreen as unknown as ScreenEntity<never>,
    lifecycle: supplierScreen.lifecycle,
    items: SUPPLIER_LIST.items,
    records: (
      [
        {},
        { audit_state: 'reject', audit_failed_reason: 'blurred ID card' },
        { audit_state: 'pass', state: 'resting' },
        { audit_state: 'pass', state: 'taking_orders' },
        { audit_state: 'pass', state: 'servicing', order_num: 3 },
        { audit_state: 'pass', state: 'resting', is_enabled: false },
        { audit_state: 'pass', state: 'taking_orders', is_display: true, ranking: 5 },
        { audit_state: 'waiting_audit', is_enabled: false },
      ] as Array<Partial<SupplierDto>>
    ).map((s) => supplierRow({ id: 7, version: 4, ...s }) as unknown as Record<string, unknown>),
  },
  {
    name: 'project',
    screen: projectScreen as unknown as ScreenEntity<never>,
    lifecycle: projectScreen.lifecycle,
    items: PROJECT_LIST.items,
    records: (
      [
        {},
        { is_display: true },
        { is_enabled: false },
        { is_display: true, is_enabled: false, ranking: 0 },
        { kind: 'renewable', renewal_unit: 'hour', renewal_unit_price: '50.00', max_price: null },
      ] as Array<Partial<ProjectDto>>
    ).map((s) => project(s) as unknown as Record<string, unknown>),
  },
  {
    name: 'service city',
    screen: serviceCityScreen as unknown as ScreenEntity<never>,
    lifecycle: serviceCityScreen.lifecycle,
    items: SERVICE_CITY_LIST.items,
    records: (
      [
        {},
        { supplier_count: 3 },
        { is_enabled: false },
        { is_enabled: false, supplier_count: 1, ranking: 0 },
      ] as Array<Partial<ServiceCityDto>>
    ).map(
      (s) =>
        ({
          id: 7,
          version: 4,
          name: 'Hangzhou',
          is_enabled: true,
          ranking: 2,
          supplier_count: 0,
          created_by: 1,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-02T00:00:00.000Z',
          ...s,
        }) as Record<string, unknown>,
    ),
  },
];

describe.each(cases)('$name list items', ({ screen, lifecycle, items, records }) => {
  it.each(records.map((r) => [JSON.stringify(r).slice(0, 120), r] as const))(
    'judge every command as the record does: %s',
    (_, record) => {
      const item = Object.fromEntries(items.map((f) => [f, record[f]]));
      expect(Object.keys(item).length).toBeLessThan(Object.keys(record).length);
      for (const type of lifecycle.commandTypes)
        for (const role of ['admin', 'user', undefined])
          expect(allowedAction(screen, item as never, type, role), `${type} as ${role}`).toEqual(
            allowedAction(screen, record as never, type, role),
          );
    },
  );
});
