import { Type, type Static } from 'typebox';

/** The API shape of an activity (a marketing campaign): its body, its state by the clock, and meta. */
export const ActivityApi = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  title: Type.String(),
  /** An image address, or '' for none. */
  cover: Type.String(),
  /** Sanitised HTML. */
  content: Type.String(),
  starts_at: Type.String({ format: 'date-time' }),
  ends_at: Type.String({ format: 'date-time' }),
  /** Service city names. */
  cities: Type.Array(Type.String()),
  projects: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /**
   * Where it is, at the time it was read: a draft, or scheduled, running or ended by its window. Derived from the
   * clock whenever it is read, never stored.
   */
  state: Type.Union([
    Type.Literal('draft'),
    Type.Literal('scheduled'),
    Type.Literal('running'),
    Type.Literal('ended'),
  ]),
  is_published: Type.Boolean(),
  is_enabled: Type.Boolean(),
  created_by: Type.Union([Type.Integer(), Type.Null()]),
  /** The staff member who wrote it, by name (null where unknown). */
  created_by_name: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export type ActivityDto = Static<typeof ActivityApi>;
