import { Type, type Static } from 'typebox';

/** The API shape of one certification request (the ID number masked). */
export const CertificationApi = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  state: Type.Union([
    Type.Literal('reviewing'),
    Type.Literal('certified'),
    Type.Literal('rejected'),
    Type.Literal('withdrawn'),
  ]),
  applicant_id: Type.Integer(),
  applicant_name: Type.Union([Type.String(), Type.Null()]),
  applicant_email: Type.Union([Type.String(), Type.Null()]),
  real_name: Type.String(),
  id_number: Type.String({ description: 'masked: the first four and last four characters' }),
  reviewed_by: Type.Union([Type.Integer(), Type.Null()]),
  reviewer_name: Type.Union([Type.String(), Type.Null()]),
  reject_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export type CertificationDto = Static<typeof CertificationApi>;
