/**
 * More books reports (issue 17, decision 034) under SPEC §7's proxy: per entity
 * (.../proxy/entity/clients/{clientGuid}/entities/{entityGuid}/reports/...) and for all of a client's
 * entities combined (.../proxy/client/clients/{clientGuid}/reports/...), with PDF and XLSX of each.
 */
import { z } from 'zod';
import { balanceSheet, profitAndLoss, reportAsOfQuery, reportRangeQuery, trialBalance } from '../books.ts';
import {
  BOOKS_REPORT_VALUES,
  comparisonQuery,
  customReport,
  customReportRequest,
  incomeExpense,
  incomeExpenseQuery,
  periodComparison,
  propertyExpenses,
  propertyExpensesQuery,
  reportDictionary,
  reportExportQuery,
} from '../books-reports.ts';
import { guid } from '../common.ts';
import { defineRoute, FILE_RESPONSE } from '../route.ts';

const PROXY = '/v2/integrations/proxy';
const ENTITY = `${PROXY}/entity/clients/:clientGuid/entities/:entityGuid/reports`;
const CLIENT = `${PROXY}/client/clients/:clientGuid/reports`;
const entityParams = z.object({ clientGuid: guid, entityGuid: guid });
const clientParams = z.object({ clientGuid: guid });
const reportParam = { report: z.enum(BOOKS_REPORT_VALUES) };
const tags = ['books'];
const EXPORT_NOTE =
  'format pdf or xlsx. Balance sheet and profit and loss with compare_to export the comparison of the two periods.';

export const booksReportsRoutes = {
  getBooksReportDictionary: defineRoute({
    method: 'GET',
    path: `${PROXY}/admin/report-dictionary`,
    tags,
    summary: 'The columns a custom ledger report may show and filter on, with their operators.',
    responses: { 200: reportDictionary },
  }),
  postBooksCustomReport: defineRoute({
    method: 'POST',
    path: `${ENTITY}/custom`,
    tags,
    params: entityParams,
    body: customReportRequest,
    summary: "The entity's posted journal lines with the chosen columns and filters (reads only).",
    responses: { 200: customReport },
  }),
  getBooksIncomeExpense: defineRoute({
    method: 'GET',
    path: `${ENTITY}/income-expense`,
    tags,
    params: entityParams,
    query: incomeExpenseQuery,
    summary: 'Income and expense accounts by month (at most 24 months).',
    responses: { 200: incomeExpense },
  }),
  getBooksPropertyExpenses: defineRoute({
    method: 'GET',
    path: `${ENTITY}/property-expenses`,
    tags,
    params: entityParams,
    query: propertyExpensesQuery,
    summary: "Expenses booked to each of the client's properties, by account.",
    responses: { 200: propertyExpenses },
  }),
  getBooksComparison: defineRoute({
    method: 'GET',
    path: `${ENTITY}/comparison`,
    tags,
    params: entityParams,
    query: comparisonQuery,
    summary: 'Balance sheet or profit and loss for two periods, with the difference.',
    responses: { 200: periodComparison },
  }),
  getBooksReportExport: defineRoute({
    method: 'GET',
    path: `${ENTITY}/:report/export`,
    tags,
    params: entityParams.extend(reportParam),
    query: reportExportQuery,
    description: EXPORT_NOTE,
    responses: { 200: FILE_RESPONSE },
  }),
  getBooksClientTrialBalance: defineRoute({
    method: 'GET',
    path: `${CLIENT}/trial`,
    tags,
    params: clientParams,
    query: reportRangeQuery,
    summary: "The client's entities combined: accounts of the same number and name are one row.",
    responses: { 200: trialBalance },
  }),
  getBooksClientBalanceSheet: defineRoute({
    method: 'GET',
    path: `${CLIENT}/balance`,
    tags,
    params: clientParams,
    query: reportAsOfQuery,
    responses: { 200: balanceSheet },
  }),
  getBooksClientProfitAndLoss: defineRoute({
    method: 'GET',
    path: `${CLIENT}/profit-and-loss`,
    tags,
    params: clientParams,
    query: reportRangeQuery,
    responses: { 200: profitAndLoss },
  }),
  getBooksClientIncomeExpense: defineRoute({
    method: 'GET',
    path: `${CLIENT}/income-expense`,
    tags,
    params: clientParams,
    query: incomeExpenseQuery,
    responses: { 200: incomeExpense },
  }),
  getBooksClientPropertyExpenses: defineRoute({
    method: 'GET',
    path: `${CLIENT}/property-expenses`,
    tags,
    params: clientParams,
    query: propertyExpensesQuery,
    responses: { 200: propertyExpenses },
  }),
  getBooksClientComparison: defineRoute({
    method: 'GET',
    path: `${CLIENT}/comparison`,
    tags,
    params: clientParams,
    query: comparisonQuery,
    responses: { 200: periodComparison },
  }),
  getBooksClientReportExport: defineRoute({
    method: 'GET',
    path: `${CLIENT}/:report/export`,
    tags,
    params: clientParams.extend(reportParam),
    query: reportExportQuery,
    description: `${EXPORT_NOTE} The general ledger is per entity only.`,
    responses: { 200: FILE_RESPONSE },
  }),
};
