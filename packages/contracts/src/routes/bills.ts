/** Routes of the API's bills module: the one declaration the API registers and the apps call. */
import { z } from 'zod';
import {
  bill,
  billAttachment,
  billAttachmentList,
  billEventList,
  billList,
  billListQuery,
  billNote,
  billNoteList,
  billQueueCounts,
  billQueueList,
  createBillNoteRequest,
  createBillRequest,
  duplicateCheck,
  duplicateCheckQuery,
  patchBillRequest,
} from '../bills.ts';
import { guid, pageQuery } from '../common.ts';
import { defineRoute, FILE_RESPONSE, MULTIPART_BODY, noContentResponse } from '../route.ts';

const clientParams = z.object({ clientGuid: guid });
const billParams = clientParams.extend({ billGuid: guid });
const attachmentParams = billParams.extend({ attachmentGuid: guid });
const organizationParams = z.object({ organizationGuid: guid });
const countsQuery = billListQuery.pick({ client: true, entity: true });

export const billsRoutes = {
  getBillingClientBillAttachments: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/attachments',
    tags: ['bills'],
    params: billParams,
    responses: { 200: billAttachmentList },
  }),
  postBillingClientBillAttachments: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/attachments',
    tags: ['bills'],
    params: billParams,
    body: MULTIPART_BODY,
    description:
      'multipart/form-data with the field `file` (at most 25 MB): PDF, Word, Excel, an image, a video or an audio file, checked by content.',
    responses: { 201: billAttachment },
  }),
  getBillingClientBillAttachmentDownload: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/attachments/:attachmentGuid/download',
    tags: ['bills'],
    params: attachmentParams,
    description: 'The bytes, as an attachment with the original name.',
    responses: { 200: FILE_RESPONSE },
  }),
  deleteBillingClientBillAttachment: defineRoute({
    method: 'DELETE',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/attachments/:attachmentGuid',
    tags: ['bills'],
    params: attachmentParams,
    responses: { 204: noContentResponse },
  }),
  getBillingClientBillEvents: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/events',
    tags: ['bills'],
    params: billParams,
    query: pageQuery,
    description: 'The timeline, oldest first.',
    responses: { 200: billEventList },
  }),
  getBillingClientBillNotes: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/notes',
    tags: ['bills'],
    params: billParams,
    query: pageQuery,
    description: 'Staff notes, oldest first; never shown to client users.',
    responses: { 200: billNoteList },
  }),
  postBillingClientBillNotes: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid/notes',
    tags: ['bills'],
    params: billParams,
    body: createBillNoteRequest,
    responses: { 201: billNote },
  }),
  getBillingClientBills: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/bills',
    tags: ['bills'],
    params: clientParams,
    query: billListQuery,
    description:
      'Filters: status, queue, entity (or all-entities), vendor, client_list; ordering among due_date, amount, created_on, vendor (prefix - for descending).',
    responses: { 200: billList },
  }),
  postBillingClientBills: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/bills',
    tags: ['bills'],
    params: clientParams,
    body: createBillRequest,
    responses: { 201: bill },
  }),
  getBillingClientBillsDuplicates: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/bills/duplicates',
    tags: ['bills'],
    params: clientParams,
    query: duplicateCheckQuery,
    description:
      "The client's bills of the last 18 months that the bill about to be saved may repeat: same vendor and invoice number, or same vendor and amount with invoice dates at most 7 days apart. Saving anyway needs a `duplicate_reason`.",
    responses: { 200: duplicateCheck },
  }),
  getBillingClientBill: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid',
    tags: ['bills'],
    params: billParams,
    responses: { 200: bill },
  }),
  patchBillingClientBill: defineRoute({
    method: 'PATCH',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid',
    tags: ['bills'],
    params: billParams,
    body: patchBillRequest,
    responses: { 200: bill },
  }),
  deleteBillingClientBill: defineRoute({
    method: 'DELETE',
    path: '/v1/billing/clients/:clientGuid/bills/:billGuid',
    tags: ['bills'],
    params: billParams,
    responses: { 204: noContentResponse },
  }),
  getBillingOrganizationBills: defineRoute({
    method: 'GET',
    path: '/v1/billing/organizations/:organizationGuid/bills',
    tags: ['bills'],
    params: organizationParams,
    query: billListQuery,
    description:
      "Filters: queue or status, client (or all-clients), entity (or all-entities), vendor, client_list; ordering among due_date, amount, created_on, vendor. Each bill carries `can`: the workflow actions the caller may take on it now (the queue's bulk actions).",
    responses: { 200: billQueueList },
  }),
  getBillingOrganizationBillsQueueCounts: defineRoute({
    method: 'GET',
    path: '/v1/billing/organizations/:organizationGuid/bills/queue-counts',
    tags: ['bills'],
    params: organizationParams,
    query: countsQuery,
    responses: { 200: billQueueCounts },
  }),
};
