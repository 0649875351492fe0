import { Type, type Static } from 'typebox';

const Party = Type.Object({ id: Type.Integer(), name: Type.String() });

/** The API shape of one piece of feedback; its conversation is its history (`GET /api/feedback/:id/events`). */
export const FeedbackApi = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  kind: Type.Union([
    Type.Literal('complaint'),
    Type.Literal('suggestion'),
    Type.Literal('bug'),
    Type.Literal('other'),
  ]),
  state: Type.Union([Type.Literal('pending'), Type.Literal('replied'), Type.Literal('resolved')]),
  /** The sender's first message. */
  content: Type.String(),
  images: Type.Array(Type.String()),
  contact: Type.String(),
  from_kind: Type.Union([Type.Literal('customer'), Type.Literal('supplier')]),
  from_id: Type.Integer(),
  from_name: Type.String(),
  order: Type.Union([Type.Object({ id: Type.Integer(), orderNo: Type.String() }), Type.Null()]),
  supplier: Type.Union([Party, Type.Null()]),
  message_count: Type.Integer(),
  resolution_note: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  /** The last thing that happened to it (a message, a reply, the resolution). */
  updated_at: Type.String({ format: 'date-time' }),
});

export type FeedbackDto = Static<typeof FeedbackApi>;
