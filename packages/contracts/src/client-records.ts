import { PROPERTY_KIND_VALUES } from '@bp/domain';
import { z } from 'zod';
import { guid, paged, pageQuery } from './common.ts';
import {
  choice,
  optionalEmail,
  optionalPhone,
  optionalText,
  postalAddress,
  postalAddressFields,
  requiredText,
} from './entities.ts';

// Records of a client under /v1/accounts/clients/{clientGuid}/...

export const propertyKind = choice(PROPERTY_KIND_VALUES);

/** A client's real estate; `entity` is the guid of the owning entity of the same client, or null. */
export const property = z.object({
  guid,
  kind: propertyKind,
  name: z.string(),
  ...postalAddress,
  entity: guid.nullable(),
  created_on: z.string(),
});
export type Property = z.infer<typeof property>;
export const propertyList = paged(property);
const propertyFields = {
  kind: propertyKind,
  name: requiredText(200),
  ...postalAddressFields,
  entity: guid.nullable(),
};
export const createPropertyRequest = z
  .object(propertyFields)
  .partial()
  .extend({ kind: propertyFields.kind, name: propertyFields.name })
  .strict();
export const patchPropertyRequest = z.object(propertyFields).partial().strict();

/** People around a client who are not app users (accountant, attorney, family). */
export const contact = z.object({
  guid,
  name: z.string(),
  email_address: z.string().nullable(),
  phone: z.string().nullable(),
  relation: z.string().nullable(),
  notes: z.string().nullable(),
  created_on: z.string(),
});
export type Contact = z.infer<typeof contact>;
export const contactList = paged(contact);
const contactFields = {
  name: requiredText(200),
  email_address: optionalEmail,
  phone: optionalPhone,
  relation: optionalText(100),
  notes: optionalText(2000),
};
export const createContactRequest = z
  .object(contactFields)
  .partial()
  .extend({ name: contactFields.name })
  .strict();
export const patchContactRequest = z.object(contactFields).partial().strict();

/**
 * A client's account at an institution; `parent_institution` is the guid of the shared institution
 * list's entry (with its name for display), or null.
 */
export const clientInstitution = z.object({
  guid,
  name: z.string(),
  account_last4: z.string().nullable(),
  parent_institution: guid.nullable(),
  parent_institution_name: z.string().nullable(),
  created_on: z.string(),
});
export type ClientInstitution = z.infer<typeof clientInstitution>;
export const clientInstitutionList = paged(clientInstitution);
const institutionFields = {
  name: requiredText(200),
  account_last4: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Enter exactly 4 digits.')
    .nullable(),
  parent_institution: guid.nullable(),
};
export const createInstitutionRequest = z
  .object(institutionFields)
  .partial()
  .extend({ name: institutionFields.name })
  .strict();
export const patchInstitutionRequest = z.object(institutionFields).partial().strict();

/** Whom to call at a client's bank; `institution` is the guid of one of the client's institutions. */
export const bankContact = z.object({
  guid,
  name: z.string(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  institution: guid.nullable(),
  created_on: z.string(),
});
export type BankContact = z.infer<typeof bankContact>;
export const bankContactList = paged(bankContact);
const bankContactFields = {
  name: requiredText(200),
  title: optionalText(100),
  email: optionalEmail,
  phone: optionalPhone,
  institution: guid.nullable(),
};
export const createBankContactRequest = z
  .object(bankContactFields)
  .partial()
  .extend({ name: bankContactFields.name })
  .strict();
export const patchBankContactRequest = z.object(bankContactFields).partial().strict();

/** Largest document upload: 25 MiB. */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;

/**
 * An uploaded file's metadata. Upload: POST multipart/form-data with the field `file` and an optional
 * field `entity` (entity guid). The bytes: GET `documents/{documentGuid}/download`.
 */
export const clientDocument = z.object({
  guid,
  original_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  entity: guid.nullable(),
  uploaded_by: z.object({ guid, first_name: z.string(), last_name: z.string() }).nullable(),
  created_on: z.string(),
});
export type ClientDocument = z.infer<typeof clientDocument>;
export const clientDocumentList = paged(clientDocument);
/** Newest first; `?entity=<guid>` filters ('all-entities' = no filter). */
export const documentListQuery = pageQuery.extend({ entity: z.string().max(64).optional() });
