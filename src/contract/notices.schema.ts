import { Type, type Static } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** The API shape of a notice (SPEC §3's fields, with its audience and audit details). */
export const NoticeApi = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  type: Type.Union([
    Type.Literal('system'),
    Type.Literal('help'),
    Type.Literal('new_order'),
    Type.Literal('renew_order'),
  ]),
  /** The staff member who wrote it; null for a notice the system wrote. */
  from_user_id: Nullable(Type.Integer()),
  audience: Type.Union([
    Type.Literal('everyone'),
    Type.Literal('suppliers'),
    Type.Literal('customers'),
    Type.Literal('supplier'),
    Type.Literal('customer'),
  ]),
  /** The one supplier or customer it is for (a single audience); null for a broadcast. */
  to_user_id: Nullable(Type.Integer()),
  to_user_name: Nullable(Type.String()),
  title: Type.String(),
  /** Sanitised HTML. */
  content: Type.String(),
  /** When the apps show it. */
  notice_time: Type.String({ format: 'date-time' }),
  /** A single recipient's notice: whether they read it. A broadcast: whether anyone did. */
  is_read: Type.Boolean(),
  /** How many readers read it (a broadcast counts each reader once). */
  read_count: Type.Integer(),
  /** How many readers it has (in lists and the detail): 1, or every supplier and/or customer now. */
  audience_size: Type.Optional(Type.Integer()),
  audit_state: Type.Union([Type.Literal('waiting_audit'), Type.Literal('pass'), Type.Literal('reject')]),
  audit_failed_reason: Nullable(Type.String()),
  is_enabled: Type.Boolean(),
  /** The order or renewal an automatic notice is about. */
  ref: Nullable(
    Type.Object({
      kind: Type.Union([Type.Literal('order'), Type.Literal('renewal')]),
      id: Type.Integer(),
      orderNo: Type.String(),
    }),
  ),
  created_by: Nullable(Type.Integer()),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export type NoticeDto = Static<typeof NoticeApi>;
