/** Routes of the API's groups module: the one declaration the API registers and the apps call. */
import { z } from 'zod';
import { guid, pageQuery } from '../common.ts';
import {
  addGroupUserRequest,
  bulkCreateGroupsRequest,
  createGroupRequest,
  group,
  groupList,
  groupMemberList,
  groupPermissionsBody,
  patchGroupRequest,
  setUserGroupsRequest,
  userGroups,
} from '../groups.ts';
import { defineRoute, noContentResponse } from '../route.ts';

const orgParams = z.object({ orgGuid: guid });
const groupParams = orgParams.extend({ groupGuid: z.string().max(64) });
const groupUserParams = groupParams.extend({ userGuid: z.string().max(64) });
const userParams = orgParams.extend({ userGuid: z.string().max(64) });

export const groupsRoutes = {
  getAccountsOrganizationGroups: defineRoute({
    method: 'GET',
    path: '/v1/accounts/organizations/:orgGuid/groups',
    tags: ['groups'],
    params: orgParams,
    query: pageQuery,
    responses: { 200: groupList },
  }),
  postAccountsOrganizationGroups: defineRoute({
    method: 'POST',
    path: '/v1/accounts/organizations/:orgGuid/groups',
    tags: ['groups'],
    params: orgParams,
    body: createGroupRequest,
    responses: { 201: group },
  }),
  postAccountsOrganizationGroupsBulkCreate: defineRoute({
    method: 'POST',
    path: '/v1/accounts/organizations/:orgGuid/groups/bulk-create',
    tags: ['groups'],
    params: orgParams,
    body: bulkCreateGroupsRequest,
    responses: { 201: z.array(group) },
  }),
  getAccountsOrganizationGroup: defineRoute({
    method: 'GET',
    path: '/v1/accounts/organizations/:orgGuid/groups/:groupGuid',
    tags: ['groups'],
    params: groupParams,
    responses: { 200: group },
  }),
  patchAccountsOrganizationGroup: defineRoute({
    method: 'PATCH',
    path: '/v1/accounts/organizations/:orgGuid/groups/:groupGuid',
    tags: ['groups'],
    params: groupParams,
    body: patchGroupRequest,
    responses: { 200: group },
  }),
  deleteAccountsOrganizationGroup: defineRoute({
    method: 'DELETE',
    path: '/v1/accounts/organizations/:orgGuid/groups/:groupGuid',
    tags: ['groups'],
    params: groupParams,
    responses: { 204: noContentResponse },
  }),
  getAccountsOrganizationGroupUsers: defineRoute({
    method: 'GET',
    path: '/v1/accounts/organizations/:orgGuid/groups/:groupGuid/users',
    tags: ['groups'],
    params: groupParams,
    query: pageQuery,
    responses: { 200: groupMemberList },
  }),
  postAccountsOrganizationGroupUsers: defineRoute({
    method: 'POST',
    path: '/v1/accounts/organizations/:orgGuid/groups/:groupGuid/users',
    tags: ['groups'],
    params: groupParams,
    body: addGroupUserRequest,
    responses: { 200: group, 201: group },
  }),
  deleteAccountsOrganizationGroupUser: defineRoute({
    method: 'DELETE',
    path: '/v1/accounts/organizations/:orgGuid/groups/:groupGuid/users/:userGuid',
    tags: ['groups'],
    params: groupUserParams,
    responses: { 204: noContentResponse },
  }),
  getAccountsOrganizationGroupPermissions: defineRoute({
    method: 'GET',
    path: '/v1/accounts/organizations/:orgGuid/groups/:groupGuid/permissions',
    tags: ['groups'],
    params: groupParams,
    responses: { 200: groupPermissionsBody },
  }),
  putAccountsOrganizationGroupPermissions: defineRoute({
    method: 'PUT',
    path: '/v1/accounts/organizations/:orgGuid/groups/:groupGuid/permissions',
    tags: ['groups'],
    params: groupParams,
    body: groupPermissionsBody,
    responses: { 200: groupPermissionsBody },
  }),
  getAccountsOrganizationUserGroups: defineRoute({
    method: 'GET',
    path: '/v1/accounts/organizations/:orgGuid/users/:userGuid/groups',
    tags: ['groups'],
    params: userParams,
    responses: { 200: userGroups },
  }),
  putAccountsOrganizationUserGroups: defineRoute({
    method: 'PUT',
    path: '/v1/accounts/organizations/:orgGuid/users/:userGuid/groups',
    tags: ['groups'],
    params: userParams,
    body: setUserGroupsRequest,
    responses: { 200: userGroups },
  }),
};
