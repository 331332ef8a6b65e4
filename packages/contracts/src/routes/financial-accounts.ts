/** Routes of a client's financial accounts (client-records module; decision 029). */
import { z } from 'zod';
import { guid } from '../common.ts';
import {
  financialAccount,
  financialAccountList,
  patchFinancialAccountRequest,
  recordBalanceRequest,
} from '../financial-accounts.ts';
import { defineRoute } from '../route.ts';

const tags = ['financial accounts'];
const clientParams = z.object({ clientGuid: guid });
const accountParams = z.object({ clientGuid: guid, institutionGuid: guid });

export const financialAccountsRoutes = {
  getAccountsClientFinancialAccounts: defineRoute({
    method: 'GET',
    path: '/v1/accounts/clients/:clientGuid/financial-accounts',
    tags,
    description:
      "The client's accounts at institutions, by name, with the latest balance staff entered by hand and its date, the minimum balance, and whether the balance is below it. Staff and the client's users.",
    params: clientParams,
    responses: { 200: financialAccountList },
  }),
  postAccountsClientFinancialAccountBalances: defineRoute({
    method: 'POST',
    path: '/v1/accounts/clients/:clientGuid/financial-accounts/:institutionGuid/balances',
    tags,
    description:
      'Records a balance (cents, may be negative) as of a date; audited. Staff only. Answers the account.',
    params: accountParams,
    body: recordBalanceRequest,
    responses: { 201: financialAccount },
  }),
  patchAccountsClientFinancialAccount: defineRoute({
    method: 'PATCH',
    path: '/v1/accounts/clients/:clientGuid/financial-accounts/:institutionGuid',
    tags,
    description:
      "Sets the account's kind (bank or investment) and minimum balance (cents, null = none); audited. Staff only.",
    params: accountParams,
    body: patchFinancialAccountRequest,
    responses: { 200: financialAccount },
  }),
};
