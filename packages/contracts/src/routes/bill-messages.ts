/** Routes of the API's bill-messages module: the one declaration the API registers and the apps call. */
import { z } from 'zod';
import { guid } from '../common.ts';
import { createMessageRequest, message, messageList, messageListQuery } from '../messages.ts';
import { defineRoute, noContentResponse } from '../route.ts';

const clientParams = z.object({ clientGuid: guid });
const billParams = clientParams.extend({ billGuid: guid });
const messageParams = billParams.extend({ messageGuid: guid });
const organizationParams = z.object({ organizationGuid: guid });

export const billMessagesRoutes = {
  getBillingClientBillMessages: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/messages',
    tags: ['bill messages'],
    params: billParams,
    query: messageListQuery,
    responses: { 200: messageList },
  }),
  postBillingClientBillMessages: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/messages',
    tags: ['bill messages'],
    params: billParams,
    body: createMessageRequest,
    responses: { 201: message },
  }),
  postBillingClientBillMessageRead: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/messages/:messageGuid/read',
    tags: ['bill messages'],
    params: messageParams,
    responses: { 204: noContentResponse },
  }),
  getBillingClientMessages: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/messages',
    tags: ['bill messages'],
    params: clientParams,
    query: messageListQuery,
    responses: { 200: messageList },
  }),
  getBillingOrganizationMessages: defineRoute({
    method: 'GET',
    path: '/v1/billing/organizations/:organizationGuid/messages',
    tags: ['bill messages'],
    params: organizationParams,
    query: messageListQuery,
    responses: { 200: messageList },
  }),
  postBillingOrganizationMessagesReadAll: defineRoute({
    method: 'POST',
    path: '/v1/billing/organizations/:organizationGuid/messages/read-all',
    tags: ['bill messages'],
    params: organizationParams,
    responses: { 204: noContentResponse },
  }),
};
