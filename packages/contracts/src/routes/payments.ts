/** Routes of the API's payments module: the one declaration the API registers and the apps call. */
import { z } from 'zod';
import {
  achExport,
  achExportList,
  achSettings,
  achSettingsRequest,
  createAchExportRequest,
  recordExportPaymentsRequest,
  vendorBankAccount,
  vendorBankAccountRequest,
} from '../bills.ts';
import { errorBody, guid } from '../common.ts';
import { defineRoute, FILE_RESPONSE } from '../route.ts';

const organizationParams = z.object({ organizationGuid: guid });
const clientParams = z.object({ clientGuid: guid });
const vendorParams = clientParams.extend({ vendorGuid: guid });
const exportParams = clientParams.extend({ exportGuid: guid });

export const paymentsRoutes = {
  getBillingOrganizationAchSettings: defineRoute({
    method: 'GET',
    path: '/v1/billing/organizations/:organizationGuid/ach-settings',
    tags: ['payments'],
    description:
      "The organisation's ACH origination (its bank and company ids in NACHA files); 404 until set.",
    params: organizationParams,
    responses: { 200: achSettings },
  }),
  putBillingOrganizationAchSettings: defineRoute({
    method: 'PUT',
    path: '/v1/billing/organizations/:organizationGuid/ach-settings',
    tags: ['payments'],
    description: 'Sets the ACH origination; the routing number must pass the ABA checksum.',
    params: organizationParams,
    body: achSettingsRequest,
    responses: { 200: achSettings },
  }),
  getBillingClientVendorBankAccount: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/vendors/:vendorGuid/bank-account',
    tags: ['payments'],
    description: 'Where a vendor is paid by ACH; 404 when it has no bank account.',
    params: vendorParams,
    responses: { 200: vendorBankAccount },
  }),
  putBillingClientVendorBankAccount: defineRoute({
    method: 'PUT',
    path: '/v1/billing/clients/:clientGuid/vendors/:vendorGuid/bank-account',
    tags: ['payments'],
    description: "Sets the vendor's ACH bank account; the routing number must pass the ABA checksum.",
    params: vendorParams,
    body: vendorBankAccountRequest,
    responses: { 200: vendorBankAccount },
  }),
  postBillingClientAchExports: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/ach-exports',
    tags: ['payments'],
    description:
      "A NACHA file of the client's ACH bills waiting in payment_pending that the caller may pay, from the given client account; bills in an export not yet recorded are left out, so they are not sent twice. Download it at .../ach-exports/{exportGuid}/file. 409 when nothing is ready or the origination is not set up.",
    params: clientParams,
    body: createAchExportRequest,
    responses: { 201: achExport },
  }),
  getBillingClientAchExports: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/ach-exports',
    tags: ['payments'],
    description: "The client's NACHA exports, newest first.",
    params: clientParams,
    responses: { 200: achExportList },
  }),
  getBillingClientAchExportFile: defineRoute({
    method: 'GET',
    path: '/v1/billing/clients/:clientGuid/ach-exports/:exportGuid/file',
    tags: ['payments'],
    description: 'The NACHA file as it was made (text/plain, 94-character records, CRLF), as a download.',
    params: exportParams,
    responses: { 200: FILE_RESPONSE },
  }),
  postBillingClientAchExportRecordPayments: defineRoute({
    method: 'POST',
    path: '/v1/billing/clients/:clientGuid/ach-exports/:exportGuid/record-payments',
    tags: ['payments'],
    description:
      "Records the payment of every bill in the export in one step (all or none): the date, the export's account and each entry's trace number as the reference. Takes an Idempotency-Key.",
    params: exportParams,
    headers: z.object({ 'idempotency-key': z.string().optional() }),
    body: recordExportPaymentsRequest,
    responses: { 200: achExport, 422: errorBody },
  }),
};
