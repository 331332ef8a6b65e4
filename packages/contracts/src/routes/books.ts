/**
 * Routes of the API's books module (issue 17, decision 030), under SPEC §7's proxy:
 * v2/integrations/proxy/entity/... (one entity's books), .../client/... (a client's books settings) and
 * .../admin/... (the account type catalogue).
 */
import { z } from 'zod';
import {
  accountTypeCatalogue,
  balanceSheet,
  bookAccount,
  bookAccountList,
  bookAccountListQuery,
  bookSettings,
  bookSettingsRequest,
  closedPeriodList,
  closePeriodRequest,
  createBookAccountRequest,
  createJournalRequest,
  generalLedger,
  generalLedgerQuery,
  journalEntry,
  journalList,
  journalListQuery,
  patchBookAccountRequest,
  profitAndLoss,
  reportAsOfQuery,
  reportRangeQuery,
  reverseJournalRequest,
  trialBalance,
} from '../books.ts';
import { guid } from '../common.ts';
import { defineRoute, FILE_RESPONSE, noContentResponse } from '../route.ts';

const PROXY = '/v2/integrations/proxy';
const BASE = `${PROXY}/entity/clients/:clientGuid/entities/:entityGuid`;
const entityParams = z.object({ clientGuid: guid, entityGuid: guid });
const accountParams = entityParams.extend({ accountGuid: guid });
const entryParams = entityParams.extend({ entryGuid: guid });
const periodParams = entityParams.extend({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.'),
});
const tags = ['books'];

export const booksRoutes = {
  getBooksAccountTypes: defineRoute({
    method: 'GET',
    path: `${PROXY}/admin/account-types`,
    tags,
    summary: 'The account type catalogue: types, subtypes and detailed types.',
    responses: { 200: accountTypeCatalogue },
  }),
  getBooksClientSettings: defineRoute({
    method: 'GET',
    path: `${PROXY}/client/clients/:clientGuid/settings`,
    tags,
    params: z.object({ clientGuid: guid }),
    responses: { 200: bookSettings },
  }),
  putBooksClientSettings: defineRoute({
    method: 'PUT',
    path: `${PROXY}/client/clients/:clientGuid/settings`,
    tags,
    params: z.object({ clientGuid: guid }),
    body: bookSettingsRequest,
    description: 'ledger_posting: bills approved to payment and paid post to the books of their entity.',
    responses: { 200: bookSettings },
  }),
  getBooksAccounts: defineRoute({
    method: 'GET',
    path: `${BASE}/accounts`,
    tags,
    params: entityParams,
    query: bookAccountListQuery,
    description: 'Filters: active, family, pinned (the caller pins), search (number or name); by number.',
    responses: { 200: bookAccountList },
  }),
  postBooksAccounts: defineRoute({
    method: 'POST',
    path: `${BASE}/accounts`,
    tags,
    params: entityParams,
    body: createBookAccountRequest,
    responses: { 201: bookAccount },
  }),
  patchBooksAccount: defineRoute({
    method: 'PATCH',
    path: `${BASE}/accounts/:accountGuid`,
    tags,
    params: accountParams,
    body: patchBookAccountRequest,
    responses: { 200: bookAccount },
  }),
  putBooksPin: defineRoute({
    method: 'PUT',
    path: `${BASE}/pins/:accountGuid`,
    tags,
    params: accountParams,
    summary: 'Pins an account for the caller.',
    responses: { 204: noContentResponse },
  }),
  deleteBooksPin: defineRoute({
    method: 'DELETE',
    path: `${BASE}/pins/:accountGuid`,
    tags,
    params: accountParams,
    responses: { 204: noContentResponse },
  }),
  getBooksJournals: defineRoute({
    method: 'GET',
    path: `${BASE}/journals`,
    tags,
    params: entityParams,
    query: journalListQuery,
    description: 'Filters: status, source, account, from, to; newest date first.',
    responses: { 200: journalList },
  }),
  postBooksJournals: defineRoute({
    method: 'POST',
    path: `${BASE}/journals`,
    tags,
    params: entityParams,
    body: createJournalRequest,
    description:
      'A draft or posted entry; a posted one must balance (debits = credits) and not fall in a closed period.',
    responses: { 201: journalEntry },
  }),
  getBooksJournal: defineRoute({
    method: 'GET',
    path: `${BASE}/journals/:entryGuid`,
    tags,
    params: entryParams,
    responses: { 200: journalEntry },
  }),
  postBooksJournalPost: defineRoute({
    method: 'POST',
    path: `${BASE}/journals/:entryGuid/post`,
    tags,
    params: entryParams,
    summary: 'Posts a draft.',
    responses: { 200: journalEntry },
  }),
  postBooksJournalReverse: defineRoute({
    method: 'POST',
    path: `${BASE}/journals/:entryGuid/reverse`,
    tags,
    params: entryParams,
    body: reverseJournalRequest,
    summary: 'Writes the reversal of a posted entry (the entry itself never changes).',
    responses: { 201: journalEntry },
  }),
  deleteBooksJournal: defineRoute({
    method: 'DELETE',
    path: `${BASE}/journals/:entryGuid`,
    tags,
    params: entryParams,
    summary: 'Deletes a draft (a posted entry is reversed instead).',
    responses: { 204: noContentResponse },
  }),
  getBooksClosedPeriods: defineRoute({
    method: 'GET',
    path: `${BASE}/closed-periods`,
    tags,
    params: entityParams,
    responses: { 200: closedPeriodList },
  }),
  postBooksClosedPeriods: defineRoute({
    method: 'POST',
    path: `${BASE}/closed-periods`,
    tags,
    params: entityParams,
    body: closePeriodRequest,
    responses: { 201: closedPeriodList },
  }),
  deleteBooksClosedPeriod: defineRoute({
    method: 'DELETE',
    path: `${BASE}/closed-periods/:month`,
    tags,
    params: periodParams,
    summary: 'Reopens a month.',
    responses: { 204: noContentResponse },
  }),
  getBooksTrialBalance: defineRoute({
    method: 'GET',
    path: `${BASE}/reports/trial`,
    tags,
    params: entityParams,
    query: reportRangeQuery,
    responses: { 200: trialBalance },
  }),
  getBooksTrialBalanceXlsx: defineRoute({
    method: 'GET',
    path: `${BASE}/reports/trial/xlsx`,
    tags,
    params: entityParams,
    query: reportRangeQuery,
    responses: { 200: FILE_RESPONSE },
  }),
  getBooksBalanceSheet: defineRoute({
    method: 'GET',
    path: `${BASE}/reports/balance`,
    tags,
    params: entityParams,
    query: reportAsOfQuery,
    responses: { 200: balanceSheet },
  }),
  getBooksBalanceSheetXlsx: defineRoute({
    method: 'GET',
    path: `${BASE}/reports/balance/xlsx`,
    tags,
    params: entityParams,
    query: reportAsOfQuery,
    responses: { 200: FILE_RESPONSE },
  }),
  getBooksProfitAndLoss: defineRoute({
    method: 'GET',
    path: `${BASE}/reports/profit-and-loss`,
    tags,
    params: entityParams,
    query: reportRangeQuery,
    responses: { 200: profitAndLoss },
  }),
  getBooksGeneralLedger: defineRoute({
    method: 'GET',
    path: `${BASE}/reports/general-ledger`,
    tags,
    params: entityParams,
    query: generalLedgerQuery,
    description:
      'Each account with its opening balance, the posted lines of the range (each naming its entry) and the closing balance.',
    responses: { 200: generalLedger },
  }),
};
