/** Routes of the API's commitments module: the one declaration the API registers and the apps call. */
import { z } from 'zod';
import { bill } from '../bills.ts';
import {
  cashOutflow,
  commitment,
  commitmentBillList,
  commitmentBillTemplate,
  commitmentBillTemplateQuery,
  commitmentDraft,
  commitmentFromBillRequest,
  commitmentInstance,
  commitmentInstanceList,
  commitmentInstanceListQuery,
  commitmentList,
  commitmentListQuery,
  commitmentNote,
  commitmentNoteList,
  commitmentTracker,
  commitmentVersionRequest,
  createBillFromInstanceRequest,
  createCommitmentNoteRequest,
  createCommitmentRequest,
  forecastQuery,
  generateInstancesResult,
  monthlyOverview,
  patchCommitmentInstanceRequest,
  patchCommitmentRequest,
} from '../commitments.ts';
import { guid, pageQuery } from '../common.ts';
import { defineRoute } from '../route.ts';

const clientParams = z.object({ clientGuid: guid });
const LIST_DESCRIPTION =
  'Filters: entity (or all-entities), category, frequency, archived=true for the archived ones, search (vendor, memo); ordering among next_due_date, created_on, vendor, expected_amount, category (prefix - for descending).';
const organizationParams = z.object({ organizationGuid: guid });
const commitmentId = z.coerce
  .number('Enter a commitment id.')
  .int('Enter a commitment id.')
  .positive('Enter a commitment id.')
  .max(Number.MAX_SAFE_INTEGER, 'Enter a commitment id.');
const orgCommitmentParams = organizationParams.extend({ commitmentId });
const fromBillParams = clientParams.extend({ billGuid: guid });
const commitmentParams = clientParams.extend({ commitmentId });
const instanceParams = commitmentParams.extend({ instanceGuid: guid });

export const commitmentsRoutes = {
  getBillingClientCommitments: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/commitments',
    tags: ['commitments'],
    params: clientParams,
    query: commitmentListQuery,
    description: LIST_DESCRIPTION,
    responses: { 200: commitmentList },
  }),
  getBillingOrganizationCommitments: defineRoute({
    method: 'GET',
    path: '/v1/billing/organizations/:organizationGuid/commitments',
    tags: ['commitments'],
    params: organizationParams,
    query: commitmentListQuery,
    description: `${LIST_DESCRIPTION} Also client (or all-clients).`,
    responses: { 200: commitmentList },
  }),
  getBillingOrganizationCommitment: defineRoute({
    method: 'GET',
    path: '/v1/billing/organizations/:organizationGuid/commitments/:commitmentId',
    tags: ['commitments'],
    params: orgCommitmentParams,
    description:
      "One commitment of the organisation by its id alone, as under its client; its client's guid is in the answer.",
    responses: { 200: commitment },
  }),
  postBillingClientCommitments: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/commitments',
    tags: ['commitments'],
    params: clientParams,
    body: createCommitmentRequest,
    responses: { 201: commitment },
  }),
  getBillingClientCommitmentsFromBill: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/commitments/from-bill/:billGuid',
    tags: ['commitments'],
    params: fromBillParams,
    description: 'The commitment form prefilled from a bill, not saved.',
    responses: { 200: commitmentDraft },
  }),
  postBillingClientCommitmentsFromBill: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/commitments/from-bill/:billGuid',
    tags: ['commitments'],
    params: fromBillParams,
    body: commitmentFromBillRequest,
    description: 'Creates a commitment from a bill; the fields sent win over the prefill.',
    responses: { 201: commitment },
  }),
  getBillingClientCommitment: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/commitments/:commitmentId',
    tags: ['commitments'],
    params: commitmentParams,
    responses: { 200: commitment },
  }),
  patchBillingClientCommitment: defineRoute({
    method: 'PATCH',
    path: '/v1/billing/clients/:clientGuid/commitments/:commitmentId',
    tags: ['commitments'],
    params: commitmentParams,
    body: patchCommitmentRequest,
    responses: { 200: commitment },
  }),
  deleteBillingClientCommitment: defineRoute({
    method: 'DELETE',
    path: '/v1/billing/clients/:clientGuid/commitments/:commitmentId',
    tags: ['commitments'],
    params: commitmentParams,
    body: commitmentVersionRequest.nullish(),
    description: 'Archives the commitment (kept with its instances and bills). Answers it.',
    responses: { 200: commitment },
  }),
  postBillingClientCommitmentUnarchive: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/commitments/:commitmentId/unarchive',
    tags: ['commitments'],
    params: commitmentParams,
    body: commitmentVersionRequest.nullish(),
    responses: { 200: commitment },
  }),
  postBillingClientCommitmentCreateAutopay: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/commitments/:commitmentId/create_autopay',
    tags: ['commitments'],
    params: commitmentParams,
    body: commitmentVersionRequest.nullish(),
    description:
      "Marks the commitment as paid by the vendor's autopay: its instances are tracked (status autopay once due), never billed, never paid by staff.",
    responses: { 200: commitment },
  }),
  getBillingClientCommitmentsCashOutflow: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/commitments/cash-outflow',
    tags: ['commitments'],
    params: clientParams,
    query: forecastQuery,
    description:
      "From the current month (caller's X-Timezone) for 12 months: committed by category, paid and pending bills of commitments. entity filters (or all-entities).",
    responses: { 200: cashOutflow },
  }),
  getBillingClientCommitmentsMonthlyOverview: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/commitments/monthly-overview',
    tags: ['commitments'],
    params: clientParams,
    query: forecastQuery,
    description: 'The same 12 months as a table by category, with instances by status per month.',
    responses: { 200: monthlyOverview },
  }),
  getBillingClientCommitmentInstances: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/commitments/:commitmentId/instances',
    tags: ['commitments'],
    params: commitmentParams,
    query: commitmentInstanceListQuery,
    description:
      'By due date (ordering=-due_date for the latest first); status filters on the computed status.',
    responses: { 200: commitmentInstanceList },
  }),
  getBillingClientCommitmentTracker: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/commitments/:commitmentId/tracker',
    tags: ['commitments'],
    params: commitmentParams,
    description: 'The last 6 instances due before today and the next 6 generated ones, with statuses.',
    responses: { 200: commitmentTracker },
  }),
  getBillingClientCommitmentBills: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/commitments/:commitmentId/bills',
    tags: ['commitments'],
    params: commitmentParams,
    query: pageQuery,
    description: 'Bills entered for this commitment, latest due date first.',
    responses: { 200: commitmentBillList },
  }),
  postBillingClientCommitmentGenerateTemplate: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/commitments/:commitmentId/generate-template',
    tags: ['commitments'],
    params: commitmentParams,
    query: commitmentBillTemplateQuery,
    description:
      'The bill prefill of the next instance waiting for a bill (or of ?instance=), for /commitments/{commitmentId}/new-bill[/{commitmentBillId}]. Saves nothing.',
    responses: { 200: commitmentBillTemplate },
  }),
  postBillingClientCommitmentInstanceBill: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/commitments/:commitmentId/instances/:instanceGuid/bill',
    tags: ['commitments'],
    params: instanceParams,
    body: createBillFromInstanceRequest,
    description:
      "Enters the instance's bill (fields not sent come from the template) and links it. Within the entity's allowable_payment_threshold of the expected amount the client step is skipped (bill_auto_approved).",
    responses: { 201: bill },
  }),
  patchBillingClientCommitmentInstance: defineRoute({
    method: 'PATCH',
    path: '/v1/billing/clients/:clientGuid/commitments/:commitmentId/instances/:instanceGuid',
    tags: ['commitments'],
    params: instanceParams,
    body: patchCommitmentInstanceRequest,
    description: 'Skips the instance (not owed this time) or takes the skip back.',
    responses: { 200: commitmentInstance },
  }),
  postBillingOrganizationCommitmentsGenerateInstances: defineRoute({
    method: 'POST',
    path: '/v1/billing/organizations/:organizationGuid/commitments/generate-instances',
    tags: ['commitments'],
    params: organizationParams,
    description:
      "Generates the organisation's missing instances up to three months ahead now (the job does it on its own too).",
    responses: { 200: generateInstancesResult },
  }),
  getBillingClientCommitmentNotes: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/commitments/:commitmentId/notes',
    tags: ['commitments'],
    params: commitmentParams,
    query: pageQuery,
    responses: { 200: commitmentNoteList },
  }),
  postBillingClientCommitmentNotes: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/commitments/:commitmentId/notes',
    tags: ['commitments'],
    params: commitmentParams,
    body: createCommitmentNoteRequest,
    responses: { 201: commitmentNote },
  }),
};
