/**
 * Routes of the API's quickbooks module (issue 18, decision 035), under SPEC §7's /v1/integrations:
 * accounting online oauth, company sync and book-balance sync (each for one entity: "the online sync takes
 * an entityGuid"), QuickBooks' webhooks, and the accounting desktop company files and their bills with the
 * Web Connector's SOAP endpoint.
 */
import { z } from 'zod';
import { guid, noQuery } from '../common.ts';
import {
  qbdBillList,
  qbdCompanyFileCreated,
  qbdCompanyFileList,
  qbdCompanyFileRequest,
  qbdSessionList,
  qboAuthorizeResponse,
  qboBookBalanceRequest,
  qboCallbackRequest,
  qboConnection,
  qboExportList,
  qboListQuery,
  qboSync,
  qboSyncList,
  qboSyncRequest,
} from '../quickbooks.ts';
import { defineRoute, FILE_RESPONSE, noContentResponse } from '../route.ts';

const ONLINE = '/v1/integrations/qbonline/clients/:clientGuid/entities/:entityGuid';
const DESKTOP = '/v1/integrations/qbdesktop/clients/:clientGuid/entities/:entityGuid';
const entityParams = z.object({ clientGuid: guid, entityGuid: guid });
const fileParams = entityParams.extend({ companyFileGuid: guid });
const tags = ['quickbooks'];

export const quickbooksRoutes = {
  getQboConnection: defineRoute({
    method: 'GET',
    path: `${ONLINE}/connection`,
    tags,
    params: entityParams,
    query: noQuery,
    summary: 'The entity’s QuickBooks Online connection, its last sync and the book balance.',
    responses: { 200: qboConnection },
  }),
  deleteQboConnection: defineRoute({
    method: 'DELETE',
    path: `${ONLINE}/connection`,
    tags,
    params: entityParams,
    summary: 'Disconnect: revokes the grant at Intuit and forgets the tokens.',
    responses: { 204: noContentResponse },
  }),
  postQboOauth: defineRoute({
    method: 'POST',
    path: `${ONLINE}/oauth`,
    tags,
    params: entityParams,
    body: z.object({}).strict(),
    summary:
      'Starts OAuth 2.0: the Intuit address to send the user to (state bound to user and entity, PKCE).',
    responses: { 200: qboAuthorizeResponse },
  }),
  postQboOauthCallback: defineRoute({
    method: 'POST',
    path: `${ONLINE}/oauth/callback`,
    tags,
    params: entityParams,
    body: qboCallbackRequest,
    summary:
      'Completes OAuth with what Intuit sent back to /integrations/qbonline/connect (code, state, realmId).',
    responses: { 200: qboConnection },
  }),
  postQboSync: defineRoute({
    method: 'POST',
    path: `${ONLINE}/sync`,
    tags,
    params: entityParams,
    body: qboSyncRequest,
    summary:
      'Company sync on the job runner: vendors, accounts, classes, terms, customers in; bills and payments out.',
    responses: { 202: qboSync },
  }),
  getQboSyncs: defineRoute({
    method: 'GET',
    path: `${ONLINE}/syncs`,
    tags,
    params: entityParams,
    query: qboListQuery,
    responses: { 200: qboSyncList },
  }),
  getQboSync: defineRoute({
    method: 'GET',
    path: `${ONLINE}/syncs/:syncGuid`,
    tags,
    params: entityParams.extend({ syncGuid: guid }),
    query: noQuery,
    summary: 'One sync: status and its per-object result list.',
    responses: { 200: qboSync },
  }),
  postQboBookBalanceSync: defineRoute({
    method: 'POST',
    path: `${ONLINE}/book-balance-sync`,
    tags,
    params: entityParams,
    body: qboBookBalanceRequest,
    summary: 'Book-balance sync: the payment account’s balance in QuickBooks now.',
    responses: { 200: qboConnection },
  }),
  getQboExports: defineRoute({
    method: 'GET',
    path: `${ONLINE}/exports`,
    tags,
    params: entityParams,
    query: qboListQuery,
    summary: 'Bills and bill payments sent (or waiting to be sent) to QuickBooks.',
    responses: { 200: qboExportList },
  }),
  postQboWebhook: defineRoute({
    method: 'POST',
    path: '/v1/integrations/qbonline/webhooks',
    tags,
    summary:
      'QuickBooks’ change notifications, signed with intuit-signature (HMAC-SHA256 with the verifier token).',
    responses: { 200: z.object({ status: z.literal('accepted') }) },
  }),

  getQbdCompanyFiles: defineRoute({
    method: 'GET',
    path: `${DESKTOP}/company-files`,
    tags,
    params: entityParams,
    query: noQuery,
    summary: 'The entity’s QuickBooks Desktop company files, each with its last Web Connector session.',
    responses: { 200: qbdCompanyFileList },
  }),
  postQbdCompanyFiles: defineRoute({
    method: 'POST',
    path: `${DESKTOP}/company-files`,
    tags,
    params: entityParams,
    body: qbdCompanyFileRequest,
    summary: 'Adds a company file with its own Web Connector login; the password is in this answer only.',
    responses: { 201: qbdCompanyFileCreated },
  }),
  postQbdCompanyFilePassword: defineRoute({
    method: 'POST',
    path: `${DESKTOP}/company-files/:companyFileGuid/password`,
    tags,
    params: fileParams,
    body: z.object({}).strict(),
    summary: 'A new Web Connector password (the old one stops working); shown this once.',
    responses: { 200: qbdCompanyFileCreated },
  }),
  deleteQbdCompanyFile: defineRoute({
    method: 'DELETE',
    path: `${DESKTOP}/company-files/:companyFileGuid`,
    tags,
    params: fileParams,
    summary: 'Stops serving the company file (its login is refused from now on).',
    responses: { 204: noContentResponse },
  }),
  getQbdCompanyFileQwc: defineRoute({
    method: 'GET',
    path: `${DESKTOP}/company-files/:companyFileGuid/qwc`,
    tags,
    params: fileParams,
    query: noQuery,
    summary: 'The .qwc file to add this application to the Web Connector.',
    responses: { 200: FILE_RESPONSE },
  }),
  getQbdCompanyFileBills: defineRoute({
    method: 'GET',
    path: `${DESKTOP}/company-files/:companyFileGuid/bills`,
    tags,
    params: fileParams,
    query: qboListQuery,
    summary: 'Bills of the company file: read from it, and ours added to it.',
    responses: { 200: qbdBillList },
  }),
  getQbdCompanyFileSessions: defineRoute({
    method: 'GET',
    path: `${DESKTOP}/company-files/:companyFileGuid/sessions`,
    tags,
    params: fileParams,
    query: qboListQuery,
    summary: 'Web Connector sessions of the company file, newest first, with their errors.',
    responses: { 200: qbdSessionList },
  }),
  postQbdWebConnector: defineRoute({
    method: 'POST',
    path: '/v1/integrations/qbdesktop/web-connector',
    tags,
    summary:
      'The QuickBooks Web Connector’s SOAP endpoint (text/xml, namespace http://developer.intuit.com/).',
    responses: { 200: FILE_RESPONSE },
  }),
};
