/** Every route of the API, by module: what the API must register and nothing else (apps/api test/declared-routes.test.ts). */
import type { RouteDeclaration } from '../route.ts';
import { auditRoutes } from './audit.ts';
import { authRoutes } from './auth.ts';
import { billMessagesRoutes } from './bill-messages.ts';
import { billSearchRoutes } from './bill-search.ts';
import { billWorkflowRoutes } from './bill-workflow.ts';
import { billsRoutes } from './bills.ts';
import { booksRoutes } from './books.ts';
import { booksFeederRoutes } from './books-feeder.ts';
import { booksReportsRoutes } from './books-reports.ts';
import { clientRecordsRoutes } from './client-records.ts';
import { clientsRoutes } from './clients.ts';
import { commitmentsRoutes } from './commitments.ts';
import { dashboardRoutes } from './dashboards.ts';
import { entitiesRoutes } from './entities.ts';
import { financialAccountsRoutes } from './financial-accounts.ts';
import { bankFeedsRoutes, bankMatchingRoutes, investmentsRoutes, mailScanRoutes } from './findata.ts';
import { groupsRoutes } from './groups.ts';
import { inboxRoutes } from './inbox.ts';
import { institutionsRoutes } from './institutions.ts';
import { jobsRoutes } from './jobs.ts';
import { mfaRoutes } from './mfa.ts';
import { notificationsRoutes } from './notifications.ts';
import { onboardingRoutes } from './onboarding.ts';
import { organizationsRoutes } from './organizations.ts';
import { paymentsRoutes } from './payments.ts';
import { portfolioRoutes } from './portfolio.ts';
import { quickbooksRoutes } from './quickbooks.ts';
import { reportsRoutes } from './reports.ts';
import { sanctionsRoutes } from './sanctions.ts';
import { staffRoutes } from './staff.ts';
import { usersRoutes } from './users.ts';
import { vendorsRoutes } from './vendors.ts';
import { workflowRoutes } from './workflow.ts';

export const apiRouteGroups = {
  auditRoutes,
  authRoutes,
  bankFeedsRoutes,
  bankMatchingRoutes,
  billMessagesRoutes,
  billSearchRoutes,
  billWorkflowRoutes,
  billsRoutes,
  booksRoutes,
  booksFeederRoutes,
  booksReportsRoutes,
  clientRecordsRoutes,
  clientsRoutes,
  commitmentsRoutes,
  dashboardRoutes,
  entitiesRoutes,
  financialAccountsRoutes,
  groupsRoutes,
  inboxRoutes,
  institutionsRoutes,
  investmentsRoutes,
  jobsRoutes,
  mailScanRoutes,
  mfaRoutes,
  notificationsRoutes,
  onboardingRoutes,
  organizationsRoutes,
  paymentsRoutes,
  portfolioRoutes,
  quickbooksRoutes,
  reportsRoutes,
  sanctionsRoutes,
  staffRoutes,
  usersRoutes,
  vendorsRoutes,
  workflowRoutes,
};

export const apiRoutes: readonly RouteDeclaration[] = Object.values(apiRouteGroups).flatMap((group) =>
  Object.values(group),
);
