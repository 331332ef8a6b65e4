import { CLIENT_RELATION_VALUES, type Role, USER_STATUS_VALUES } from '@bp/domain';
import { z } from 'zod';
import { email } from './auth.ts';
import { guid, paged, pageQuery } from './common.ts';

const REQUIRED = 'This field is required.';

/** Roles a user can hold on a client (SPEC §3 "Roles"): the client-side subset. */
export const CLIENT_USER_ROLE_VALUES = [
  'client',
  'designee',
  'observer',
  'reviewer',
  'exec',
] as const satisfies readonly Role[];
/** 'This field is required.' when missing, else the allowed values. */
const choiceError = (values: readonly string[]) => (issue: { input?: unknown }) =>
  issue.input === undefined ? REQUIRED : `Choose one of: ${values.join(', ')}.`;
export const clientUserRole = z.enum(CLIENT_USER_ROLE_VALUES, {
  error: choiceError(CLIENT_USER_ROLE_VALUES),
});
export const clientRelation = z.enum(CLIENT_RELATION_VALUES, { error: choiceError(CLIENT_RELATION_VALUES) });
const clientUserStatus = z.enum(USER_STATUS_VALUES);

/** Largest approval limit accepted, in cents. 0 means Unlimited. */
export const MAX_APPROVAL_LIMIT_CENTS = 1_000_000_000_000;
export const approvalLimitCents = z
  .number({ error: 'Enter an amount in cents.' })
  .int('Enter a whole number of cents.')
  .min(0, 'Ensure this value is greater than or equal to 0.')
  .max(MAX_APPROVAL_LIMIT_CENTS, `Ensure this value is less than or equal to ${MAX_APPROVAL_LIMIT_CENTS}.`);

/**
 * A user's place on a client (GET /v1/accounts/clients/{clientGuid}/users). `guid` is the client user's
 * guid (the link), `user.guid` the person's. Each enumeration comes with its display label.
 */
export const clientUser = z.object({
  guid,
  user: z.object({ guid, email: z.string(), first_name: z.string(), last_name: z.string() }),
  role: clientUserRole,
  role_label: z.string(),
  client_relation: clientRelation,
  client_relation_label: z.string(),
  /** The person's invitation status: pending_invite until the invitation is accepted. */
  status: clientUserStatus,
  status_label: z.string(),
  nickname: z.string().nullable(),
  should_update: z.boolean(),
  is_qbo_class: z.boolean(),
  /** Cents; 0 = Unlimited. */
  approval_limit: z.number().int(),
  created_on: z.string(),
});
export type ClientUser = z.infer<typeof clientUser>;
export const clientUserList = paged(clientUser);

export const CLIENT_USER_ORDERING_FIELDS = ['name', 'email', 'role', 'created_on'] as const;
/** `?search=` matches first name, last name and e-mail; `ordering` one of CLIENT_USER_ORDERING_FIELDS. */
export const clientUserQuery = pageQuery;

const nickname = z.string().trim().max(100, 'Ensure this field has no more than 100 characters.').nullable();

/** PATCH /v1/accounts/clients/{clientGuid}/users/{clientUserGuid}: only the fields sent change. */
export const patchClientUserRequest = z.strictObject({
  role: clientUserRole.optional(),
  client_relation: clientRelation.optional(),
  nickname: nickname.optional(),
  approval_limit: approvalLimitCents.optional(),
  should_update: z.boolean().optional(),
  is_qbo_class: z.boolean().optional(),
});
export type PatchClientUserRequest = z.infer<typeof patchClientUserRequest>;

const personName = z
  .string()
  .trim()
  .min(1, REQUIRED)
  .max(100, 'Ensure this field has no more than 100 characters.');

/** POST /v1/accounts/clients/{clientGuid}/user-invitations */
export const userInvitationRequest = z.strictObject({
  email,
  first_name: personName,
  last_name: personName,
  role: clientUserRole,
  client_relation: clientRelation,
  nickname: nickname.optional(),
  approval_limit: approvalLimitCents.optional(),
});
export type UserInvitationRequest = z.infer<typeof userInvitationRequest>;

/** POST /v1/accounts/organizations/{orgGuid}/client-invitations: the same, naming the client. */
export const clientInvitationRequest = userInvitationRequest.extend({ client: guid });
export type ClientInvitationRequest = z.infer<typeof clientInvitationRequest>;

const guidList = z.array(guid).max(1000, 'Ensure this list has no more than 1000 items.');

/** `?client_user=<clientUserGuid>`; a client user reading its own limits may leave it out. */
export const designationQuery = z.object({ client_user: guid.optional() });

/** PUT designated_entities: replaces the set (empty = every entity of the client). */
export const designatedEntitiesRequest = z.strictObject({ client_user: guid, entities: guidList });
export const designatedEntities = z.object({
  client_user: guid,
  entities: z.array(z.object({ guid, nickname: z.string() })),
});
export type DesignatedEntities = z.infer<typeof designatedEntities>;

/** PUT designated_vendors / excluded-vendors: replaces the set of vendors (of this client's entities). */
export const vendorSelectionRequest = z.strictObject({ client_user: guid, vendors: guidList });
export const vendorSelection = z.object({
  client_user: guid,
  vendors: z.array(z.object({ guid, name: z.string(), entity: z.object({ guid, nickname: z.string() }) })),
});
export type VendorSelection = z.infer<typeof vendorSelection>;
