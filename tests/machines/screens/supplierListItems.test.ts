import { describe, expect, it } from 'vitest';
import { SUPPLIER_LIST, type SupplierDto } from '@/contract/suppliers';
import { supplierLifecycle } from '@/machines/lifecycles/supplierLifecycle';
import { allowedAction } from '@/machines/screens/screenEntity';
import { supplierScreen } from '@/machines/screens/supplierScreens';
import { supplierRow } from './supplierScreenFixtures';

// The supplier list gives only its items' fields (SUPPLIER_LIST.items), not the profile's pictures, texts and papers.
// Its rows' buttons ask the lifecycle what a row allows: every command must be judged on a list item as on the whole
// record, in each state below (every audit state and service state, closed, displayed), for each role. A field a
// rule reads and the list left out fails here.

const states: Array<Partial<SupplierDto>> = [
  {},
  { audit_state: 'reject', audit_failed_reason: 'blurred ID card' },
  { audit_state: 'pass', state: 'resting' },
  { audit_state: 'pass', state: 'taking_orders' },
  { audit_state: 'pass', state: 'servicing', order_num: 3 },
  { audit_state: 'pass', state: 'resting', is_enabled: false },
  { audit_state: 'pass', state: 'taking_orders', is_display: true, ranking: 5 },
  { audit_state: 'waiting_audit', is_enabled: false },
];

const itemOf = (row: SupplierDto) =>
  Object.fromEntries(SUPPLIER_LIST.items.map((f) => [f, row[f]])) as unknown as SupplierDto;

describe('supplier list items', () => {
  it.each(states.map((s) => [JSON.stringify(s), s] as const))(
    'judge every command as the record does: %s',
    (_, s) => {
      const row = supplierRow({ id: 7, version: 4, ...s });
      const item = itemOf(row);
      expect(Object.keys(item).length).toBeLessThan(Object.keys(row).length);
      for (const type of supplierLifecycle.commandTypes)
        for (const role of ['admin', 'user', undefined])
          expect(allowedAction(supplierScreen, item, type, role), `${type} as ${role}`).toEqual(
            allowedAction(supplierScreen, row, type, role),
          );
    },
  );
});
