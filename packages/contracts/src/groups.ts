import { z } from 'zod';
import { guid, paged } from './common.ts';

const groupName = z.string().trim().min(1, 'This field is required.').max(100);
const description = z.string().trim().max(500);
/** Slugs are checked by the API against the catalogue, so it can name the unknown ones. */
const slugs = z.array(z.string().max(64)).max(100);

/** An organisation group: a named set of permissions its members gain. */
export const group = z.object({
  guid,
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  user_count: z.number().int(),
  created_on: z.string(),
  updated_on: z.string(),
});
export type Group = z.infer<typeof group>;
export const groupList = paged(group);

export const createGroupRequest = z
  .object({ name: groupName, description: description.default(''), permissions: slugs.default([]) })
  .strict();
export type CreateGroupRequest = z.infer<typeof createGroupRequest>;

export const patchGroupRequest = z.object({ name: groupName, description }).partial().strict();

/** POST groups/bulk-create: every group is created, or none is. */
export const bulkCreateGroupsRequest = z
  .object({ groups: z.array(createGroupRequest).min(1, 'Send at least one group.').max(100) })
  .strict();

export const groupPermissionsBody = z.object({ permissions: slugs }).strict();

/** A member of a group (GET groups/{groupGuid}/users). `guid` is the user's guid. */
export const groupMember = z.object({
  guid,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  team_label: z.string().nullable(),
  is_active: z.boolean(),
});
export type GroupMember = z.infer<typeof groupMember>;
export const groupMemberList = paged(groupMember);

export const addGroupUserRequest = z.object({ user: guid }).strict();

/** PUT users/{userGuid}/groups: the user's groups become exactly these. */
export const setUserGroupsRequest = z.object({ groups: z.array(guid).max(200) }).strict();
export const userGroups = z.array(z.object({ guid, name: z.string(), permissions: z.array(z.string()) }));
