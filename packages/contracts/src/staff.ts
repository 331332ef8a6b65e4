import { ORG_TEAM_LABEL_VALUES, USER_STATUS_VALUES } from '@bp/domain';
import { z } from 'zod';
import { email } from './auth.ts';
import { guid, paged, pageQuery } from './common.ts';
import { permissionSlug } from './organizations.ts';

/** Roles of an organisation's staff; only a super_admin may grant super_admin. */
export const STAFF_ROLE_VALUES = ['super_admin', 'admin', 'user'] as const;
export const staffRole = z.enum(STAFF_ROLE_VALUES, 'Choose admin or user.');
export const orgTeamLabel = z.enum(ORG_TEAM_LABEL_VALUES, 'Choose a team label from the list.');
export const userStatus = z.enum(USER_STATUS_VALUES);

const name = z.string().trim().min(1, 'This field is required.').max(100);

/** A staff member of one organisation (users list and user page). `guid` is the user's guid. */
export const staffUser = z.object({
  guid,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  team_label: z.string().nullable(),
  is_active: z.boolean(),
  status: userStatus,
  status_label: z.string(),
  created_on: z.string(),
  isAssociate: z.boolean(),
  isManagerLead: z.boolean(),
  isIT: z.boolean(),
  isAccounting: z.boolean(),
  groups: z.array(z.object({ guid, name: z.string() })),
  permissions: z.array(permissionSlug),
});
export type StaffUser = z.infer<typeof staffUser>;
export const staffUserList = paged(staffUser);

export const STAFF_ORDERING = [
  'first_name',
  'last_name',
  'email',
  'role',
  'team_label',
  'created_on',
] as const;

/** `?search=` matches first name, last name, full name and e-mail; `team_label` and `is_active` filter. */
export const staffQuery = pageQuery.extend({
  team_label: z.string().trim().max(64).optional(),
  is_active: z.enum(['true', 'false'], 'Use true or false.').optional(),
});

export const createStaffUserRequest = z
  .object({
    email,
    first_name: name,
    last_name: name,
    role: staffRole.default('user'),
    team_label: orgTeamLabel.nullable().default(null),
  })
  .strict();
export type CreateStaffUserRequest = z.infer<typeof createStaffUserRequest>;

export const patchStaffUserRequest = z
  .object({ first_name: name, last_name: name, role: staffRole, team_label: orgTeamLabel.nullable() })
  .partial()
  .strict();
export type PatchStaffUserRequest = z.infer<typeof patchStaffUserRequest>;

export const enableStaffUserRequest = z.object({ is_active: z.boolean() }).strict();

export const assignmentKind = z.enum(['assigned', 'backup'], 'Choose assigned or backup.');

/** A client a staff member works on, as its assigned person or its backup. */
export const clientAssignment = z.object({
  client: z.object({ guid, name: z.string(), archived: z.boolean() }),
  kind: assignmentKind,
  created_on: z.string(),
});
export type ClientAssignment = z.infer<typeof clientAssignment>;
export const clientAssignmentList = paged(clientAssignment);

export const createClientAssignmentRequest = z
  .object({ client: guid, kind: assignmentKind.default('assigned') })
  .strict();
