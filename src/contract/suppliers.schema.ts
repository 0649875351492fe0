import { Type, type Static } from 'typebox';

/** A supplier's profile fields as the API takes them (the rules they must satisfy: supplierProfile.ts). */
export const SupplierProfileFields = {
  name: Type.String({ maxLength: 1000 }),
  mobile: Type.String({ maxLength: 1000 }),
  covers: Type.Array(Type.String({ maxLength: 2000 }), {
    maxItems: 100,
    description: 'a list of image addresses',
  }),
  bio: Type.String({ maxLength: 5000 }),
  city: Type.String({ maxLength: 1000 }),
  full_address: Type.String({ maxLength: 2000 }),
  real_name: Type.String({ maxLength: 1000 }),
  gender: Type.String({ maxLength: 20 }),
  birthday: Type.String({ maxLength: 100 }),
  id_card_no: Type.String({ maxLength: 100 }),
  id_card_front: Type.String({ maxLength: 2000 }),
  id_card_back: Type.String({ maxLength: 2000 }),
  licence_issuing_authority: Type.String({ maxLength: 1000 }),
  expire_info: Type.String({ maxLength: 500 }),
};

export const SupplierProfileApi = Type.Object({
  ...SupplierProfileFields,
  gender: Type.Union([Type.Literal('male'), Type.Literal('female')]),
});

/** The API shape of a supplier. */
export const SupplierApi = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  ...SupplierProfileApi.properties,
  order_num: Type.Integer(),
  state: Type.Union([
    Type.Literal('taking_orders'),
    Type.Literal('servicing'),
    Type.Literal('resting'),
    Type.Null(),
  ]),
  is_enabled: Type.Boolean(),
  is_display: Type.Boolean(),
  audit_state: Type.Union([Type.Literal('waiting_audit'), Type.Literal('pass'), Type.Literal('reject')]),
  audit_failed_reason: Type.Union([Type.String(), Type.Null()]),
  ranking: Type.Integer(),
  created_by: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export type SupplierProfileDto = Static<typeof SupplierProfileApi>;
export type SupplierDto = Static<typeof SupplierApi>;
