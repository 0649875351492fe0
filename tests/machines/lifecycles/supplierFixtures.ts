import type { SupplierCommand } from '../../../src/machines/lifecycles/supplierLifecycle';
import type { SupplierInput } from '../../../src/machines/lifecycles/supplierMachine';
import { idCardCheckDigit, type SupplierProfile } from '../../../src/machines/lifecycles/supplierProfile';

/** A valid 18-digit ID number for a birthday `YYYY-MM-DD` (region 110101 = Beijing Dongcheng). */
export function idCardFor(birthday: string, sequence = '123'): string {
  const first17 = `110101${birthday.replace(/-/g, '')}${sequence}`;
  return first17 + idCardCheckDigit(first17);
}

export function validProfile(overrides: Partial<SupplierProfile> = {}): SupplierProfile {
  const birthday = overrides.birthday ?? '1990-03-07';
  return {
    name: 'Clean Home Services',
    mobile: '13800138000',
    covers: ['/uploads/cover-1.png'],
    bio: 'Ten years of home cleaning.',
    city: 'Beijing',
    full_address: '1 Chang an Avenue, Dongcheng',
    real_name: 'Zhang San',
    gender: 'male',
    birthday,
    id_card_no: idCardFor(birthday),
    id_card_front: '/uploads/front.png',
    id_card_back: '/uploads/back.png',
    licence_issuing_authority: 'Beijing PSB Dongcheng',
    expire_info: '2015.06.01-2035.06.01',
    ...overrides,
  };
}

export const supplierInput: SupplierInput = { profile: validProfile() };

/**
 * Concrete commands for walking the lifecycle. Payloads toggle between two values so every edit, reject and
 * rank is a real change and the walked context stays finite.
 */
export function supplierCommands(snapshot: {
  context: { profile: SupplierProfile; ranking: number };
}): SupplierCommand[] {
  const { profile, ranking } = snapshot.context;
  return [
    { type: 'supplier.approve' },
    { type: 'supplier.reject', reason: 'ID card photo is blurred' },
    { type: 'supplier.resubmit' },
    { type: 'supplier.enable' },
    { type: 'supplier.close' },
    { type: 'supplier.takeOrders' },
    { type: 'supplier.rest' },
    { type: 'supplier.startService' },
    { type: 'supplier.finishService' },
    { type: 'supplier.show' },
    { type: 'supplier.hide' },
    { type: 'supplier.rank', ranking: ranking === 1 ? 2 : 1 },
    { type: 'supplier.edit', changes: { bio: profile.bio === 'A' ? 'B' : 'A' } },
    { type: 'supplier.edit', changes: { real_name: profile.real_name === 'Li Si' ? 'Wang Wu' : 'Li Si' } },
  ];
}

/** Walk vertices: the state value and the context, except the ever-growing served-order count. */
export function serializeSupplier(snapshot: { value: unknown; context: object }): string {
  const { orderNum: _orderNum, ...rest } = snapshot.context as { orderNum: number };
  return JSON.stringify({ value: snapshot.value, context: rest });
}
