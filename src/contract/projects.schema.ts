import { Type, type Static } from 'typebox';

const Price = Type.Union([Type.Number(), Type.String({ maxLength: 30 }), Type.Null()], {
  description: 'yuan with at most two decimals, as a number or text ("199.00")',
});

/** The project form's fields as the API takes them (the rules they must satisfy: projectDetails.ts). */
export const ProjectFormFields = {
  project_name: Type.String({ maxLength: 1000 }),
  cover: Type.String({ maxLength: 2000 }),
  carouse_covers: Type.Array(Type.String({ maxLength: 2000 }), {
    maxItems: 100,
    description: 'a list of image addresses',
  }),
  summary: Type.String({ maxLength: 5000 }),
  min_price: Price,
  max_price: Price,
  duration: Type.Union([Type.Integer(), Type.String({ maxLength: 30 }), Type.Null()], {
    description: 'minutes, a positive whole number, or empty',
  }),
  intro: Type.String({
    maxLength: 100_000,
    description: 'rich text (sanitised HTML), at most 100000 characters',
  }),
  avoid: Type.String({
    maxLength: 100_000,
    description: 'rich text (sanitised HTML), at most 100000 characters',
  }),
  order_instruction: Type.String({
    maxLength: 100_000,
    description: 'rich text (sanitised HTML), at most 100000 characters',
  }),
  kind: Type.Union([Type.Literal('normal'), Type.Literal('renewable')], {
    description: 'normal or renewable',
  }),
  renewal_unit: Type.Union(
    [Type.Literal('hour'), Type.Literal('day'), Type.Literal('visit'), Type.Literal(''), Type.Null()],
    {
      description: 'hour, day or visit (a renewable project)',
    },
  ),
  renewal_unit_price: Price,
};

/** The API shape of a project: prices in yuan as text with two decimals. */
export const ProjectApi = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  project_name: Type.String(),
  cover: Type.String(),
  carouse_covers: Type.Array(Type.String()),
  summary: Type.String(),
  min_price: Type.String(),
  max_price: Type.Union([Type.String(), Type.Null()]),
  duration: Type.Union([Type.Integer(), Type.Null()]),
  intro: Type.String(),
  avoid: Type.String(),
  order_instruction: Type.String(),
  kind: Type.Union([Type.Literal('normal'), Type.Literal('renewable')]),
  renewal_unit: Type.Union([Type.Literal('hour'), Type.Literal('day'), Type.Literal('visit'), Type.Null()]),
  /** Yuan per extra unit, with two decimals; null for a normal project. */
  renewal_unit_price: Type.Union([Type.String(), Type.Null()]),
  ranking: Type.Integer(),
  is_display: Type.Boolean(),
  is_enabled: Type.Boolean(),
  created_by: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export type ProjectDto = Static<typeof ProjectApi>;
