import { Navigate, type RouteObject } from 'react-router';
import { AdvancedSearchPage } from '../features/advanced-search/index.ts';
import { AuditHistoryPage } from '../features/audit/index.ts';
import {
  CreateAccountPage,
  ForgotPasswordPage,
  ForgotPasswordResetPage,
  LoginPage,
  ResetPasswordExpiryPage,
  ResetPasswordPage,
} from '../features/auth/index.ts';
import { ClientBillsPage, ClientBillsRedirect } from '../features/bill-lists/index.ts';
import { NewBillPage } from '../features/bills/form/index.ts';
import { ClientBillPage, StaffBillPage } from '../features/bills/page/index.ts';
import {
  ArchivedClientsPage,
  ClientDashboardPage,
  ClientDetailPage,
  ClientsPage,
  SelectClientPage,
} from '../features/clients/index.ts';
import {
  ArchivedCommitmentsPage,
  ClientCommitmentsPage,
  CommitmentBillPage,
  CommitmentDetailPage,
  CommitmentFormPage,
  CommitmentFromBillPage,
  CommitmentsPage,
  OnboardingCommitmentFormPage,
} from '../features/commitments/index.ts';
import { AssociateDashboardPage, ManagerDashboardPage } from '../features/dashboards/index.ts';
import { DemoOutboxPage } from '../features/demo-outbox/index.ts';
import { ContinueDownloadAppPage, DownloadAppPage } from '../features/download-app/index.ts';
import { AddGroupPage, EditGroupPage, GroupsPage } from '../features/groups/index.ts';
import { ParentInstitutionsPage } from '../features/institutions/index.ts';
import { NonStaffUsersPage } from '../features/masking/index.ts';
import { MyOrganizationsPage } from '../features/organizations/index.ts';
import { ProfilePage } from '../features/profile/index.ts';
import { OrgSettingsPage } from '../features/settings/index.ts';
import { StaffUserPage, UserManagementPage } from '../features/staff/index.ts';
import { SupportPage } from '../features/support/index.ts';
import { TermsConditionsPage } from '../features/terms/index.ts';
import { LOGIN_PATH } from '../session/paths.ts';
import { RouteGuard } from '../session/route-guard.tsx';
import { AppShell } from './app-shell.tsx';
import { BareLayout } from './layouts/bare-layout.tsx';
import { ChecklistLayout } from './layouts/checklist-layout.tsx';
import { FamilyOfficeLayout } from './layouts/family-office-layout.tsx';
import { UserTypeLayout } from './layouts/user-type-layout.tsx';
import { BillingQueuePage, FIRST_BILLING_QUEUE_PATH } from './pages/billing-queue-page.tsx';
import { ByUserType } from './pages/by-user-type.tsx';
import { PlaceholderPage } from './pages/placeholder-page.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';

/** A route whose screen comes later: real title, honest empty state. */
const later = (path: string, title: string, empty: string): RouteObject => ({
  path,
  element: <PlaceholderPage title={title} empty={empty} />,
});

/** SPEC.md §2 "Public routes". */
const publicRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/create-account', element: <CreateAccountPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/download-app', element: <DownloadAppPage /> },
  { path: '/continue-download-app', element: <ContinueDownloadAppPage /> },
  { path: '/forgot-password-reset', element: <ForgotPasswordResetPage /> },
  { path: '/user/reset-password-expiry', element: <ResetPasswordExpiryPage /> },
];

/** SPEC.md §2 "Organisation staff routes", outside onboarding. */
const organizationRoutes: RouteObject[] = [
  { path: '/manager-dashboard', element: <ManagerDashboardPage /> },
  { path: '/associate-dashboard', element: <AssociateDashboardPage /> },

  { path: '/clients', element: <ClientsPage /> },
  { path: '/clients/archived/client-list/:clientType', element: <ArchivedClientsPage /> },
  { path: '/clients/:clientGuid', element: <ClientDetailPage /> },
  { path: '/clients/:clientGuid/new-bill', element: <NewBillPage /> },
  later(
    '/clients/:clientGuid/convert-pre-bill/:emailGuid',
    'Convert Pre-Bill',
    'The pre-bill e-mail and the bill form to convert it will appear here.',
  ),
  { path: '/clients/:clientGuid/:userType/bill/:billGuid', element: <StaffBillPage /> },
  // Also /clients/all-clients/archived-pre-bills: 'all-clients' means every client.
  later(
    '/clients/:clientGuid/archived-pre-bills',
    'Archived Pre-Bills',
    'Archived pre-bill e-mails will be listed here.',
  ),

  { path: '/commitments', element: <CommitmentsPage /> },
  // Edit is /commitments/commitment-form?client=&edit={commitmentId}; ?client= preselects the client.
  { path: '/commitments/commitment-form', element: <CommitmentFormPage /> },
  { path: '/commitments/commitment-form/from-new-bill/:billGuid', element: <CommitmentFromBillPage /> },
  { path: '/commitments/archived-commitments', element: <ArchivedCommitmentsPage /> },
  { path: '/commitments/:commitmentId/new-bill', element: <CommitmentBillPage /> },
  { path: '/commitments/:commitmentId/new-bill/:commitmentBillId', element: <CommitmentBillPage /> },

  later('/parent-vendors', 'Parent Vendors', 'Vendors shared across your clients will be listed here.'),
  later(
    '/parent-vendors/inactive',
    'Inactive Parent Vendors',
    'Deactivated parent vendors will be listed here.',
  ),
  later(
    '/parent-vendors/:guid',
    'Parent Vendor',
    "The vendor's details, linked client vendors and verification will appear here.",
  ),
  { path: '/parent-institutions', element: <ParentInstitutionsPage /> },

  { path: '/billing', element: <Navigate to={FIRST_BILLING_QUEUE_PATH} replace /> },
  { path: '/billing/:queue', element: <BillingQueuePage /> },

  later(
    '/reports/new-reminder-form',
    'New Report Reminder',
    'The form to schedule a report reminder will appear here.',
  ),
  later(
    '/reports/report-reminder/:reportReminderId',
    'Report Reminder',
    'This report reminder and its history will appear here.',
  ),
  later(
    '/reports/report-reminder/reconciliation/:reportReminderId',
    'Reconciliation Reminder',
    'This reconciliation reminder and its history will appear here.',
  ),
  later(
    '/reports/client/:clientGuid',
    'Client Reports',
    "This client's reports and files will be listed here.",
  ),
  later('/client-reports', 'Client Reports', 'Reports across your clients will be listed here.'),

  { path: '/workflow', element: <Navigate to="/workflow/report-reminders" replace /> },
  later(
    '/workflow/report-reminders',
    'Report Reminders',
    'Upcoming report reminders of your clients will be listed here.',
  ),
  later(
    '/workflow/report-reminders/inactive',
    'Inactive Report Reminders',
    'Deactivated report reminders will be listed here.',
  ),
  later(
    '/workflow/reconciliation-reminders',
    'Reconciliation Reminders',
    'Upcoming reconciliation reminders will be listed here.',
  ),
  later(
    '/workflow/reconciliation-workflow',
    'Reconciliation',
    'Reconciliation tasks in progress will be listed here.',
  ),
  later(
    '/workflow/reconciliation-workflow/inactive',
    'Inactive Reconciliation',
    'Closed reconciliation tasks will be listed here.',
  ),
  later('/workflow/review', 'Review', 'Items waiting for review will be listed here.'),

  { path: '/my-organizations', element: <MyOrganizationsPage /> },
  { path: '/settings', element: <OrgSettingsPage /> },
  { path: '/settings/org-edit-group/:orgGuid/group/:groupGuid', element: <EditGroupPage /> },
  { path: '/settings/org-add-group/:orgGuid', element: <AddGroupPage /> },
  { path: '/user-management', element: <UserManagementPage /> },
  // SPEC.md §2 writes it /user-management/{userId}/; the segment is the user's guid.
  { path: '/user-management/:userId', element: <StaffUserPage /> },
  { path: '/groups', element: <GroupsPage /> },
  { path: '/audit-history', element: <AuditHistoryPage /> },
  { path: '/non-staff-users', element: <NonStaffUsersPage /> },
  // SPEC.md §2 lists /profile-old beside /profile for staff: the same profile page, so old links work.
  { path: '/profile-old', element: <ProfilePage /> },
  later(
    '/integrations/qbonline/connect',
    'QuickBooks Online',
    'The connection to QuickBooks Online will be set up here.',
  ),
  later(
    '/integrations/qbonline/sync',
    'QuickBooks Online Sync',
    'The result of the QuickBooks Online sync will appear here.',
  ),
];

/** SPEC.md §2 "Client-facing routes", outside onboarding. */
const clientRoutes: RouteObject[] = [
  { path: '/select-client', element: <SelectClientPage /> },
  later('/onboarding', 'Onboarding', 'The steps to set up your account will appear here.'),
  { path: '/terms-conditions', element: <TermsConditionsPage /> },
  { path: '/dashboard', element: <ClientDashboardPage /> },
  { path: '/bills', element: <ClientBillsRedirect /> },
  { path: '/bills/:entityId', element: <ClientBillsPage /> },
  // /bills/{id}/client-pre-bill, /approved, /auto-approved, /rejected, /paid.
  { path: '/bills/:entityId/:status', element: <ClientBillsPage /> },
  later(
    '/financial-accounts',
    'Financial Accounts',
    'Your linked bank and investment accounts will be listed here.',
  ),
  { path: '/bill/:billGuid', element: <ClientBillPage /> },
  later(
    '/wealth-advisor-dashboard',
    'Wealth Advisor Dashboard',
    'The clients you advise and their onboarding and bills will appear here.',
  ),
];

/** Paths both user types reach, each in their own layout. */
const sharedRoutes: RouteObject[] = [
  { path: '/profile', element: <ProfilePage /> },
  { path: '/support', element: <SupportPage /> },
  later('/reports', 'Reports', 'Reports and their files will be listed here.'),
  // Staff search their organisation's bills, client users the selected client's.
  { path: '/advanced-search', element: <AdvancedSearchPage /> },
  later(
    '/client-dashboard/:clientGuid',
    'Client Dashboard',
    "The client's bills, commitments and cash outflow will appear here.",
  ),
  {
    path: '/commitments/:commitmentId',
    element: (
      <ByUserType
        organization={<CommitmentDetailPage />}
        // Client users: /commitments/{entityGuid} and /commitments/all-entities.
        client={<ClientCommitmentsPage />}
      />
    ),
  },
];

/** SPEC.md §2: onboarding checklists (client, advisor, and the organisation's onboarding of a client). */
const onboardingRoutes: RouteObject[] = [
  later(
    '/client-onboarding/client',
    'Client Onboarding',
    'The checklist of steps to finish setting up your account will appear here.',
  ),
  later(
    '/client-onboarding/client/:clientGuid',
    'Client Onboarding',
    "The checklist of this client's onboarding steps will appear here.",
  ),
  { path: '/client-onboarding/commitments/commitment-form', element: <OnboardingCommitmentFormPage /> },
  later(
    '/client-onboarding/reports/new-reminder-form',
    'New Report Reminder',
    'The form to add a report reminder during onboarding will appear here.',
  ),
  later(
    '/client-onboarding/reports/report-reminder/:reportReminderId',
    'Report Reminder',
    'This report reminder will appear here.',
  ),
  later(
    '/client-onboarding/reports/report-reminder/reconciliation/:reportReminderId',
    'Reconciliation Reminder',
    'This reconciliation reminder will appear here.',
  ),
  later(
    '/advisor/client-onboarding/client/:clientGuid',
    'Client Onboarding',
    "The checklist of your client's onboarding steps will appear here.",
  ),
];

/** SPEC.md §2 "Family office shell". */
const familyOfficeRoutes: RouteObject[] = [
  later(
    '/family-admin-dashboard',
    'Family Office Dashboard',
    'The families you serve, their onboarding and their bills will appear here.',
  ),
  { path: '/foa/support', element: <SupportPage /> },
  { path: '/foa/profile', element: <ProfilePage /> },
];

/** Every route of SPEC.md §2 in its layout, behind the route guard; unknown paths go to /login. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          { element: <BareLayout />, children: publicRoutes },
          {
            element: <UserTypeLayout />,
            children: [...organizationRoutes, ...clientRoutes, ...sharedRoutes],
          },
          { element: <ChecklistLayout />, children: onboardingRoutes },
          { element: <FamilyOfficeLayout />, children: familyOfficeRoutes },
        ],
      },
      // Demo mode's outbox (decision 011): outside the guard, since a sign-in code is read before signing in.
      { element: <BareLayout />, children: [{ path: '/demo-outbox', element: <DemoOutboxPage /> }] },
      { path: '*', element: <Navigate to={LOGIN_PATH} replace /> },
    ],
  },
];
