import { z } from 'zod';
import { guid, paged, pageQuery } from './common.ts';

/** One entry of the shared list of banks and brokers (GET /v1/accounts/institutions). */
export const parentInstitution = z.object({
  guid,
  name: z.string(),
  website: z.string().nullable(),
  routing_number: z.string().nullable(),
  is_active: z.boolean(),
  created_on: z.string(),
});
export type ParentInstitution = z.infer<typeof parentInstitution>;
export const parentInstitutionList = paged(parentInstitution);

export const parentInstitutionQuery = pageQuery.extend({
  is_active: z.enum(['true', 'false'], 'Use true or false.').optional(),
});

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const fields = {
  name: z.string().trim().min(1, 'This field is required.').max(200),
  website: z.preprocess(blankToNull, z.url('Enter a valid web address.').max(500).nullable()),
  routing_number: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^\d{9}$/, 'A routing number has 9 digits.')
      .nullable(),
  ),
  is_active: z.boolean(),
};

export const createParentInstitutionRequest = z
  .object({
    name: fields.name,
    website: fields.website.optional(),
    routing_number: fields.routing_number.optional(),
    is_active: fields.is_active.default(true),
  })
  .strict();
export const patchParentInstitutionRequest = z.object(fields).partial().strict();
