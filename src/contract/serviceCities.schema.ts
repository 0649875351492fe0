import { Type, type Static } from 'typebox';

/** The API shape of a service city (TypeBox: the server validates and documents with it; the console reads the type). */
export const ServiceCityApi = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  name: Type.String(),
  is_enabled: Type.Boolean(),
  ranking: Type.Integer(),
  created_by: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  /** In lists and the detail: how many suppliers are in the city. */
  supplier_count: Type.Optional(Type.Integer()),
});

export type ServiceCityDto = Static<typeof ServiceCityApi>;
