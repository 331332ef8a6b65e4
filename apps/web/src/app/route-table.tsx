import { BILLING_QUEUE_VALUES } from '@bp/domain';
import type { ComponentType } from 'react';
import { type LoaderFunction, Navigate, type RouteObject } from 'react-router';
import { LOGIN_PATH } from '../session/paths.ts';
import { RouteGuard } from '../session/route-guard.tsx';
import { LoadingState } from '../ui/loading-state.tsx';
import { AppShell } from './app-shell.tsx';
import { BareLayout } from './layouts/bare-layout.tsx';
import { ByUserType } from './pages/by-user-type.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { billingQueueLoader, clientBillLoader, staffBillLoader } from './route-prefetch.ts';

// Each feature's screens are their own chunk, fetched on first visit: the sign-in page downloads only
// what it needs (issue 12; `npm run build -w @bp/web` checks the budgets with scripts/check-bundle.mjs).
// The import() calls stay literal so that the bundler can split them.
const advancedSearch = () => import('../features/advanced-search/index.ts');
const advisor = () => import('../features/advisor/index.ts');
const audit = () => import('../features/audit/index.ts');
const auth = () => import('../features/auth/index.ts');
const login = () => import('../features/auth/login.ts');
const billLists = () => import('../features/bill-lists/index.ts');
const billForm = () => import('../features/bills/form/index.ts');
const billPage = () => import('../features/bills/page/index.ts');
const billingQueue = () => import('./pages/billing-queue-page.tsx');
const clientDashboard = () => import('../features/client-dashboard/index.ts');
const clientDashboardForGuid = () => import('../features/client-dashboard/for-guid.ts');
const clients = () => import('../features/clients/index.ts');
const commitments = () => import('../features/commitments/index.ts');
const dashboards = () => import('../features/dashboards/index.ts');
const demoOutbox = () => import('../features/demo-outbox/index.ts');
const downloadApp = () => import('../features/download-app/index.ts');
const financialAccounts = () => import('../features/financial-accounts/index.ts');
const groups = () => import('../features/groups/index.ts');
const inbox = () => import('../features/inbox/index.ts');
const institutions = () => import('../features/institutions/index.ts');
const masking = () => import('../features/masking/index.ts');
const onboarding = () => import('../features/onboarding/index.ts');
const organizations = () => import('../features/organizations/index.ts');
const profile = () => import('../features/profile/index.ts');
const quickbooks = () => import('../features/quickbooks/index.ts');
const reports = () => import('../features/reports/index.ts');
const settings = () => import('../features/settings/index.ts');
const staff = () => import('../features/staff/index.ts');
const support = () => import('../features/support/index.ts');
const terms = () => import('../features/terms/index.ts');
const vendors = () => import('../features/vendors/index.ts');
const workflow = () => import('../features/workflow/index.ts');
const tasks = () => import('../features/tasks/index.ts');

/**
 * A route whose page component comes from a lazily loaded module. A `loader` (route-prefetch.ts) is
 * static, so that it runs while the module loads: it starts the page's reads and resolves at once.
 */
function page<M>(
  path: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  loader?: LoaderFunction,
): RouteObject {
  return { path, lazy: async () => ({ Component: pick(await load()) }), ...(loader ? { loader } : {}) };
}

/** A pathless layout route whose layout (navigation, header) loads lazily, before its first page. */
function layout<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, children: RouteObject[]) {
  return { lazy: async () => ({ Component: pick(await load()) }), children } satisfies RouteObject;
}

const FIRST_BILLING_QUEUE_PATH = `/billing/${BILLING_QUEUE_VALUES[0]}`;

/** SPEC.md §2 "Public routes". */
const publicRoutes: RouteObject[] = [
  page('/login', login, (m) => m.LoginPage),
  page('/create-account', auth, (m) => m.CreateAccountPage),
  page('/forgot-password', auth, (m) => m.ForgotPasswordPage),
  page('/reset-password', auth, (m) => m.ResetPasswordPage),
  page('/download-app', downloadApp, (m) => m.DownloadAppPage),
  page('/continue-download-app', downloadApp, (m) => m.ContinueDownloadAppPage),
  page('/forgot-password-reset', auth, (m) => m.ForgotPasswordResetPage),
  page('/user/reset-password-expiry', auth, (m) => m.ResetPasswordExpiryPage),
];

/** SPEC.md §2 "Organisation staff routes", outside onboarding. */
const organizationRoutes: RouteObject[] = [
  page('/manager-dashboard', dashboards, (m) => m.ManagerDashboardPage),
  page('/associate-dashboard', dashboards, (m) => m.AssociateDashboardPage),

  page('/clients', clients, (m) => m.ClientsPage),
  page('/clients/archived/client-list/:clientType', clients, (m) => m.ArchivedClientsPage),
  page('/clients/:clientGuid', clients, (m) => m.ClientDetailPage),
  page('/clients/:clientGuid/new-bill', billForm, (m) => m.NewBillPage),
  page('/clients/:clientGuid/convert-pre-bill/:emailGuid', inbox, (m) => m.ConvertPreBillPage),
  page('/clients/:clientGuid/:userType/bill/:billGuid', billPage, (m) => m.StaffBillPage, staffBillLoader),
  // Also /clients/all-clients/archived-pre-bills: 'all-clients' means every client.
  page('/clients/:clientGuid/archived-pre-bills', inbox, (m) => m.ArchivedPreBillsPage),

  page('/commitments', commitments, (m) => m.CommitmentsPage),
  // Edit is /commitments/commitment-form?client=&edit={commitmentId}; ?client= preselects the client.
  page('/commitments/commitment-form', commitments, (m) => m.CommitmentFormPage),
  page('/commitments/commitment-form/from-new-bill/:billGuid', commitments, (m) => m.CommitmentFromBillPage),
  page('/commitments/archived-commitments', commitments, (m) => m.ArchivedCommitmentsPage),
  page('/commitments/:commitmentId/new-bill', commitments, (m) => m.CommitmentBillPage),
  page('/commitments/:commitmentId/new-bill/:commitmentBillId', commitments, (m) => m.CommitmentBillPage),

  page('/parent-vendors', vendors, (m) => m.ParentVendorsPage),
  page('/parent-vendors/inactive', vendors, (m) => m.InactiveParentVendorsPage),
  page('/parent-vendors/:guid', vendors, (m) => m.ParentVendorDetailPage),
  page('/parent-institutions', institutions, (m) => m.ParentInstitutionsPage),

  { path: '/billing', element: <Navigate to={FIRST_BILLING_QUEUE_PATH} replace /> },
  page('/billing/:queue', billingQueue, (m) => m.BillingQueuePage, billingQueueLoader),

  page('/reports/new-reminder-form', workflow, (m) => m.NewReminderPage),
  page('/reports/report-reminder/:reportReminderId', workflow, (m) => m.ReminderDetailPage),
  page('/reports/report-reminder/reconciliation/:reportReminderId', workflow, (m) => m.ReminderDetailPage),
  page('/reports/client/:clientGuid', reports, (m) => m.StaffClientReportsPage),
  page('/client-reports', reports, (m) => m.ClientReportsIndexPage),

  { path: '/workflow', element: <Navigate to="/workflow/report-reminders" replace /> },
  page('/workflow/report-reminders', workflow, (m) => m.ReportRemindersPage),
  page('/workflow/report-reminders/inactive', workflow, (m) => m.InactiveReportRemindersPage),
  page('/workflow/reconciliation-reminders', workflow, (m) => m.ReconciliationRemindersPage),
  page('/workflow/reconciliation-workflow', workflow, (m) => m.ReconciliationWorkflowPage),
  page('/workflow/reconciliation-workflow/inactive', workflow, (m) => m.InactiveReconciliationWorkflowPage),
  page('/workflow/review', workflow, (m) => m.ReviewPage),
  page('/workflow/tasks', tasks, (m) => m.TaskListPage),
  page('/workflow/task-rules', workflow, (m) => m.TaskRulesPage),
  page('/workflow/task-rules/inactive', workflow, (m) => m.InactiveTaskRulesPage),

  page('/my-organizations', organizations, (m) => m.MyOrganizationsPage),
  page('/settings', settings, (m) => m.OrgSettingsPage),
  page('/settings/org-edit-group/:orgGuid/group/:groupGuid', groups, (m) => m.EditGroupPage),
  page('/settings/org-add-group/:orgGuid', groups, (m) => m.AddGroupPage),
  page('/user-management', staff, (m) => m.UserManagementPage),
  // SPEC.md §2 writes it /user-management/{userId}/; the segment is the user's guid.
  page('/user-management/:userId', staff, (m) => m.StaffUserPage),
  page('/groups', groups, (m) => m.GroupsPage),
  page('/audit-history', audit, (m) => m.AuditHistoryPage),
  page('/non-staff-users', masking, (m) => m.NonStaffUsersPage),
  // SPEC.md §2 lists /profile-old beside /profile for staff: the same profile page, so old links work.
  page('/profile-old', profile, (m) => m.ProfilePage),
  page('/integrations/qbonline/connect', quickbooks, (m) => m.QboConnectPage),
  page('/integrations/qbonline/sync', quickbooks, (m) => m.QboSyncPage),
];

/** SPEC.md §2 "Client-facing routes", outside onboarding. */
const clientRoutes: RouteObject[] = [
  page('/select-client', clients, (m) => m.SelectClientPage),
  page('/onboarding', onboarding, (m) => m.SelfOnboardingPage),
  page('/terms-conditions', terms, (m) => m.TermsConditionsPage),
  page('/dashboard', clientDashboard, (m) => m.ClientDashboardPage),
  page('/bills', billLists, (m) => m.ClientBillsRedirect),
  page('/bills/:entityId', billLists, (m) => m.ClientBillsPage),
  // /bills/{id}/client-pre-bill, /approved, /auto-approved, /rejected, /paid.
  page('/bills/:entityId/:status', billLists, (m) => m.ClientBillsPage),
  page('/financial-accounts', financialAccounts, (m) => m.FinancialAccountsPage),
  page('/bill/:billGuid', billPage, (m) => m.ClientBillPage, clientBillLoader),
  page('/wealth-advisor-dashboard', advisor, (m) => m.WealthAdvisorDashboardPage),
];

/** Paths both user types reach, each in their own layout. */
const sharedRoutes: RouteObject[] = [
  page('/profile', profile, (m) => m.ProfilePage),
  page('/support', support, (m) => m.SupportPage),
  {
    path: '/reports',
    lazy: async () => {
      const { ClientOwnReportsPage, OrganizationReportsPage } = await reports();
      return {
        Component: () => (
          <ByUserType organization={<OrganizationReportsPage />} client={<ClientOwnReportsPage />} />
        ),
      };
    },
  },
  // Staff search their organisation's bills, client users the selected client's.
  page('/advanced-search', advancedSearch, (m) => m.AdvancedSearchPage),
  // Staff, advisors and family offices: one client's dashboard (decision 029).
  page('/client-dashboard/:clientGuid', clientDashboardForGuid, (m) => m.ClientDashboardForGuidPage),
  {
    path: '/commitments/:commitmentId',
    lazy: async () => {
      const { ClientCommitmentsPage, CommitmentDetailPage } = await commitments();
      return {
        Component: () => (
          <ByUserType
            organization={<CommitmentDetailPage />}
            // Client users: /commitments/{entityGuid} and /commitments/all-entities.
            client={<ClientCommitmentsPage />}
          />
        ),
      };
    },
  },
];

/** SPEC.md §2: onboarding checklists (client, advisor, and the organisation's onboarding of a client). */
const onboardingRoutes: RouteObject[] = [
  page('/client-onboarding/client', onboarding, (m) => m.ClientOnboardingPage),
  page('/client-onboarding/client/:clientGuid', onboarding, (m) => m.OrgClientOnboardingPage),
  page('/client-onboarding/commitments/commitment-form', commitments, (m) => m.OnboardingCommitmentFormPage),
  page('/client-onboarding/reports/new-reminder-form', workflow, (m) => m.NewReminderPage),
  page('/client-onboarding/reports/report-reminder/:reportReminderId', workflow, (m) => m.ReminderDetailPage),
  page(
    '/client-onboarding/reports/report-reminder/reconciliation/:reportReminderId',
    workflow,
    (m) => m.ReminderDetailPage,
  ),
  page('/advisor/client-onboarding/client/:clientGuid', onboarding, (m) => m.AdvisorClientOnboardingPage),
];

/** SPEC.md §2 "Family office shell". */
const familyOfficeRoutes: RouteObject[] = [
  page('/family-admin-dashboard', advisor, (m) => m.FamilyAdminDashboardPage),
  page('/foa/support', support, (m) => m.SupportPage),
  page('/foa/profile', profile, (m) => m.ProfilePage),
];

/** Every route of SPEC.md §2 in its layout, behind the route guard; unknown paths go to /login. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteErrorPage />,
    // Shown on the first load while the matched route's chunks arrive.
    hydrateFallbackElement: <LoadingState fullPage />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          { element: <BareLayout />, children: publicRoutes },
          layout(
            () => import('./layouts/user-type-layout.tsx'),
            (m) => m.UserTypeLayout,
            [...organizationRoutes, ...clientRoutes, ...sharedRoutes],
          ),
          layout(
            () => import('./layouts/checklist-layout.tsx'),
            (m) => m.ChecklistLayout,
            onboardingRoutes,
          ),
          layout(
            () => import('./layouts/family-office-layout.tsx'),
            (m) => m.FamilyOfficeLayout,
            familyOfficeRoutes,
          ),
        ],
      },
      // Demo mode's outbox (decision 011): outside the guard, since a sign-in code is read before signing in.
      { element: <BareLayout />, children: [page('/demo-outbox', demoOutbox, (m) => m.DemoOutboxPage)] },
      { path: '*', element: <Navigate to={LOGIN_PATH} replace /> },
    ],
  },
];
