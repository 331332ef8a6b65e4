/** Routes of the API's staff module: the one declaration the API registers and the apps call. */
import { z } from 'zod';
import { guid, okBody, pageQuery } from '../common.ts';
import { defineRoute, noContentResponse } from '../route.ts';
import {
  clientAssignment,
  clientAssignmentList,
  createClientAssignmentRequest,
  createStaffUserRequest,
  enableStaffUserRequest,
  patchStaffUserRequest,
  staffQuery,
  staffUser,
  staffUserList,
} from '../staff.ts';

const orgParams = z.object({ orgGuid: guid });
const userParams = orgParams.extend({ userGuid: z.string().max(64) });
const assignmentParams = userParams.extend({ clientGuid: z.string().max(64) });

export const staffRoutes = {
  getAccountsOrganizationUsers: defineRoute({
    method: 'GET',
    path: '/v1/accounts/organizations/:orgGuid/users',
    tags: ['staff'],
    params: orgParams,
    query: staffQuery,
    responses: { 200: staffUserList },
  }),
  postAccountsOrganizationUsers: defineRoute({
    method: 'POST',
    path: '/v1/accounts/organizations/:orgGuid/users',
    tags: ['staff'],
    params: orgParams,
    body: createStaffUserRequest,
    responses: { 201: staffUser },
  }),
  getAccountsOrganizationUser: defineRoute({
    method: 'GET',
    path: '/v1/accounts/organizations/:orgGuid/users/:userGuid',
    tags: ['staff'],
    params: userParams,
    responses: { 200: staffUser },
  }),
  patchAccountsOrganizationUser: defineRoute({
    method: 'PATCH',
    path: '/v1/accounts/organizations/:orgGuid/users/:userGuid',
    tags: ['staff'],
    params: userParams,
    body: patchStaffUserRequest,
    responses: { 200: staffUser },
  }),
  postAccountsOrganizationUserEnable: defineRoute({
    method: 'POST',
    path: '/v1/accounts/organizations/:orgGuid/users/:userGuid/enable',
    tags: ['staff'],
    params: userParams,
    body: enableStaffUserRequest,
    responses: { 200: staffUser },
  }),
  postAccountsOrganizationUserSendStaffInvitation: defineRoute({
    method: 'POST',
    path: '/v1/accounts/organizations/:orgGuid/users/:userGuid/send-staff-invitation',
    tags: ['staff'],
    params: userParams,
    responses: { 200: okBody },
  }),
  getAccountsOrganizationUserClients: defineRoute({
    method: 'GET',
    path: '/v1/accounts/organizations/:orgGuid/users/:userGuid/clients',
    tags: ['staff'],
    params: userParams,
    query: pageQuery,
    responses: { 200: clientAssignmentList },
  }),
  postAccountsOrganizationUserClients: defineRoute({
    method: 'POST',
    path: '/v1/accounts/organizations/:orgGuid/users/:userGuid/clients',
    tags: ['staff'],
    params: userParams,
    body: createClientAssignmentRequest,
    responses: { 200: clientAssignment, 201: clientAssignment },
  }),
  deleteAccountsOrganizationUserClient: defineRoute({
    method: 'DELETE',
    path: '/v1/accounts/organizations/:orgGuid/users/:userGuid/clients/:clientGuid',
    tags: ['staff'],
    params: assignmentParams,
    responses: { 204: noContentResponse },
  }),
};
