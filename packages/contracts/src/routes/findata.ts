/**
 * Routes of the financial-data modules (issue 19, decision 036): bank-feeds (SPEC §7 "financial-data-
 * aggregator accounts and statements", "data-pipeline setup and disconnect"), bank-matching, investments
 * and mail-scan ("mail-service mailboxes").
 */
import { z } from 'zod';
import { guid, paged } from '../common.ts';
import {
  acceptMatchRequest,
  aggregatorWebhook,
  assignMailboxRequest,
  bankLineMatch,
  bankMatchingQuery,
  bankTransaction,
  feedItem,
  feedOverview,
  feedStatementList,
  fundingOverview,
  investmentConnect,
  investmentOverview,
  linkCompleteRequest,
  linkSetup,
  linkSetupRequest,
  mailboxList,
  mailPollResult,
  mailScanWebhook,
  mailServiceConnectRequest,
  mailServiceStatus,
  matchRunResult,
  patchFeedAccountRequest,
  reconciliationBankItems,
  requestDocumentRequest,
  syncResult,
  transactionListQuery,
  webhookAnswer,
} from '../findata.ts';
import { defineRoute, noContentResponse } from '../route.ts';

const clientParams = z.object({ clientGuid: guid });
const entityParams = clientParams.extend({ entityGuid: guid });
const itemParams = clientParams.extend({ itemGuid: guid });
const feedAccountParams = clientParams.extend({ feedAccountGuid: guid });
const lineParams = clientParams.extend({ transactionGuid: guid });
const orgParams = z.object({ orgGuid: guid });
const ACCOUNTS = '/v1/accounts/clients/:clientGuid';
const INTEGRATIONS = '/v1/integrations/clients/:clientGuid';

export const bankFeedsRoutes = {
  postDataPipelineSetup: defineRoute({
    method: 'POST',
    path: `${INTEGRATIONS}/entities/:entityGuid/data-pipeline/setup`,
    tags: ['bank feeds'],
    description:
      "Starts linking the entity's bank accounts: a link token and the aggregator's hosted link page. Staff with integrations.manage and the client's own users (role client).",
    params: entityParams,
    body: linkSetupRequest,
    responses: { 201: linkSetup },
  }),
  postDataPipelineComplete: defineRoute({
    method: 'POST',
    path: `${INTEGRATIONS}/data-pipeline/complete`,
    tags: ['bank feeds'],
    description:
      'After the hosted link page: reads the finished session, exchanges its public token, stores the item (access token sealed) and its accounts, and syncs them.',
    params: clientParams,
    body: linkCompleteRequest,
    responses: { 201: z.object({ items: z.array(feedItem) }) },
  }),
  postDataPipelineRepair: defineRoute({
    method: 'POST',
    path: `${INTEGRATIONS}/data-pipeline/items/:itemGuid/repair`,
    tags: ['bank feeds'],
    description: 'A link token in update mode for a link whose bank login is required again.',
    params: itemParams,
    body: linkSetupRequest,
    responses: { 201: linkSetup },
  }),
  deleteDataPipeline: defineRoute({
    method: 'DELETE',
    path: `${INTEGRATIONS}/entities/:entityGuid/data-pipeline`,
    tags: ['bank feeds'],
    description:
      "Disconnects the entity's links: removed at the aggregator, the access token erased; transactions and statements already received stay.",
    params: entityParams,
    responses: { 204: noContentResponse },
  }),
  getAggregatorAccounts: defineRoute({
    method: 'GET',
    path: `${ACCOUNTS}/aggregator-accounts`,
    tags: ['bank feeds'],
    description: "The client's links and their accounts with balances and funding status.",
    params: clientParams,
    responses: { 200: feedOverview },
  }),
  postAggregatorSync: defineRoute({
    method: 'POST',
    path: `${ACCOUNTS}/aggregator-accounts/sync`,
    tags: ['bank feeds'],
    description: 'Syncs every active link of the client now: balances, transactions (by cursor), statements.',
    params: clientParams,
    responses: { 200: syncResult },
  }),
  getAggregatorTransactions: defineRoute({
    method: 'GET',
    path: `${ACCOUNTS}/aggregator-accounts/:feedAccountGuid/transactions`,
    tags: ['bank feeds'],
    description: "The account's bank lines, newest first (removed ones left out).",
    params: feedAccountParams,
    query: transactionListQuery,
    responses: { 200: paged(bankTransaction) },
  }),
  patchAggregatorAccount: defineRoute({
    method: 'PATCH',
    path: `${ACCOUNTS}/aggregator-accounts/:feedAccountGuid`,
    tags: ['bank feeds'],
    description:
      "Makes this the account the entity's bills are paid from (funding required is computed for it), or ties it to a books account of its entity (`book_account`, its lines that posted nothing move; 409 when some posted as transfers) or to a new one (`create_book_account`); staff with integrations.manage. Answers the client's accounts.",
    params: feedAccountParams,
    body: patchFeedAccountRequest,
    responses: { 200: feedOverview },
  }),
  getAggregatorStatements: defineRoute({
    method: 'GET',
    path: `${ACCOUNTS}/aggregator-accounts/:feedAccountGuid/statements`,
    tags: ['bank feeds'],
    params: feedAccountParams,
    responses: { 200: feedStatementList },
  }),
  getFunding: defineRoute({
    method: 'GET',
    path: `${ACCOUNTS}/funding`,
    tags: ['bank feeds'],
    description:
      "Per entity's bill-paying account: bills waiting for payment against its balance less the entity's minimum_account_balance; how much to move and by when.",
    params: clientParams,
    responses: { 200: fundingOverview },
  }),
  postAggregatorWebhook: defineRoute({
    method: 'POST',
    path: '/v1/integrations/aggregator/webhook',
    tags: ['bank feeds'],
    description:
      "The aggregator's item and transactions webhooks, verified by the Plaid-Verification JWT (ES256, body SHA-256).",
    body: aggregatorWebhook,
    responses: { 200: webhookAnswer, 401: z.object({ detail: z.string(), code: z.string() }) },
  }),
};

export const bankMatchingRoutes = {
  getBankMatching: defineRoute({
    method: 'GET',
    path: `${ACCOUNTS}/bank-matching`,
    tags: ['bank matching'],
    description:
      'Bank debits with their match state: to_match (with candidate bills and scores), matched, document_requested.',
    params: clientParams,
    query: bankMatchingQuery,
    responses: { 200: paged(bankLineMatch) },
  }),
  postBankMatchingRun: defineRoute({
    method: 'POST',
    path: `${ACCOUNTS}/bank-matching/run`,
    tags: ['bank matching'],
    description: 'Matches every unmatched posted debit; applies the high-confidence matches.',
    params: clientParams,
    responses: { 200: matchRunResult },
  }),
  postBankLineMatch: defineRoute({
    method: 'POST',
    path: `${ACCOUNTS}/bank-matching/:transactionGuid/match`,
    tags: ['bank matching'],
    description: 'Matches the bank line to this paid bill (accept a proposal or pick another).',
    params: lineParams,
    body: acceptMatchRequest,
    responses: { 200: bankLineMatch },
  }),
  deleteBankLineMatch: defineRoute({
    method: 'DELETE',
    path: `${ACCOUNTS}/bank-matching/:transactionGuid/match`,
    tags: ['bank matching'],
    description:
      'Undoes the match: the line goes back to the to-match list and is not matched again automatically.',
    params: lineParams,
    responses: { 200: bankLineMatch },
  }),
  postBankLineRequestDocument: defineRoute({
    method: 'POST',
    path: `${ACCOUNTS}/bank-matching/:transactionGuid/request-document`,
    tags: ['bank matching'],
    description:
      'Asks the client for the document behind the line: a task for staff and a message to the client.',
    params: lineParams,
    body: requestDocumentRequest,
    responses: { 200: bankLineMatch },
  }),
  getReconciliationBankItems: defineRoute({
    method: 'GET',
    path: '/v1/reports/clients/:clientGuid/reconciliations/:reconciliationGuid/bank-items',
    tags: ['bank matching'],
    description:
      "The reconciliation's statements and the entity's unmatched bank debits of its period older than N days.",
    params: clientParams.extend({ reconciliationGuid: guid }),
    responses: { 200: reconciliationBankItems },
  }),
};

export const investmentsRoutes = {
  getInvestmentAccounts: defineRoute({
    method: 'GET',
    path: `${ACCOUNTS}/investment-accounts`,
    tags: ['investments'],
    params: clientParams,
    responses: { 200: investmentOverview },
  }),
  postInvestmentConnect: defineRoute({
    method: 'POST',
    path: `${ACCOUNTS}/investment-accounts/connect`,
    tags: ['investments'],
    description:
      "Creates the client's customer at the investment-data provider when it has none and answers the provider's connect page.",
    params: clientParams,
    responses: { 201: investmentConnect },
  }),
  postInvestmentRefresh: defineRoute({
    method: 'POST',
    path: `${ACCOUNTS}/investment-accounts/refresh`,
    tags: ['investments'],
    description: 'Fetches balances and positions now (they are also fetched every night).',
    params: clientParams,
    responses: { 200: investmentOverview },
  }),
};

export const mailScanRoutes = {
  getMailServiceStatus: defineRoute({
    method: 'GET',
    path: '/v1/integrations/organizations/:orgGuid/mail-service/status',
    tags: ['mail service'],
    params: orgParams,
    responses: { 200: mailServiceStatus },
  }),
  putMailService: defineRoute({
    method: 'PUT',
    path: '/v1/integrations/organizations/:orgGuid/mail-service',
    tags: ['mail service'],
    description:
      "Connects the organisation's mail-scan account: its API key is checked with the service, then kept sealed.",
    params: orgParams,
    body: mailServiceConnectRequest,
    responses: { 200: mailServiceStatus },
  }),
  deleteMailService: defineRoute({
    method: 'DELETE',
    path: '/v1/integrations/organizations/:orgGuid/mail-service',
    tags: ['mail service'],
    description: 'Disconnects it: the key is erased; mail already filed stays.',
    params: orgParams,
    responses: { 204: noContentResponse },
  }),
  getMailServiceMailboxes: defineRoute({
    method: 'GET',
    path: '/v1/integrations/organizations/:orgGuid/mail-service/mailboxes',
    tags: ['mail service'],
    description: "The mail-scan service's mailboxes with the client each one files into.",
    params: orgParams,
    responses: { 200: mailboxList },
  }),
  putMailServiceMailbox: defineRoute({
    method: 'PUT',
    path: '/v1/integrations/organizations/:orgGuid/mail-service/mailboxes/:mailboxId',
    tags: ['mail service'],
    description: 'Files the mailbox into a client of the organisation (null: into none).',
    params: orgParams.extend({ mailboxId: z.string().min(1).max(100) }),
    body: assignMailboxRequest,
    responses: { 200: mailboxList },
  }),
  postMailServicePoll: defineRoute({
    method: 'POST',
    path: '/v1/integrations/organizations/:orgGuid/mail-service/poll',
    tags: ['mail service'],
    description: 'Fetches pieces scanned since the last poll from every assigned mailbox.',
    params: orgParams,
    responses: { 200: mailPollResult },
  }),
  getClientMailboxes: defineRoute({
    method: 'GET',
    path: `${ACCOUNTS}/mail-service/mailboxes`,
    tags: ['mail service'],
    params: clientParams,
    responses: { 200: mailboxList },
  }),
  postMailServiceWebhook: defineRoute({
    method: 'POST',
    path: '/v1/integrations/mail-service/webhook',
    tags: ['mail service'],
    description: "The mail-scan service's piece webhook, signed with HMAC-SHA256 of the body.",
    body: mailScanWebhook,
    responses: { 200: webhookAnswer, 401: z.object({ detail: z.string(), code: z.string() }) },
  }),
};
