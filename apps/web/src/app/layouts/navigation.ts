/** What the headers show, as data: which entries a user sees is a rule, tested apart from the markup. */

export interface NavLinkItem {
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  items: NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavGroup;

export const isNavGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry;

export interface OrganizationNavFlags {
  vendorManagement: boolean;
  isOrgAdmin: boolean;
}

/** SPEC.md §2 "Navigation", organisation side. */
export function organizationNavigation(flags: OrganizationNavFlags): NavEntry[] {
  const billPay: NavLinkItem[] = [
    { label: 'Bills', to: '/billing/pre-bill-inbox' },
    { label: 'Commitments', to: '/commitments' },
  ];
  if (flags.vendorManagement) billPay.push({ label: 'Parent Vendors', to: '/parent-vendors' });
  if (flags.isOrgAdmin) billPay.push({ label: 'Parent Institutions', to: '/parent-institutions' });
  return [
    { label: 'Clients', to: '/clients' },
    { label: 'BillPay', items: billPay },
    {
      label: 'Workflow',
      items: [
        { label: 'Tasks', to: '/workflow/tasks' },
        { label: 'Reconciliation', to: '/workflow/reconciliation-workflow' },
        { label: 'Review', to: '/workflow/review' },
        { label: 'Reports', to: '/workflow/report-reminders' },
        { label: 'Task Rules', to: '/workflow/task-rules' },
      ],
    },
    { label: 'Reporting', to: '/reports' },
  ];
}

export type UserMenuAction = 'unmask' | 'logout';

export type UserMenuItem =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'mail'; label: string; href: string }
  | { kind: 'action'; label: string; action: UserMenuAction };

export interface OrganizationMenuFlags {
  isOrgAdmin: boolean;
  isInternalStaff: boolean;
  isMasked: boolean;
}

/** The organisation user menu below the organisation switcher. */
export function organizationUserMenu(flags: OrganizationMenuFlags): UserMenuItem[] {
  const items: UserMenuItem[] = [];
  if (flags.isOrgAdmin) items.push({ kind: 'link', label: 'Org Settings', to: '/settings' });
  items.push(
    { kind: 'link', label: 'Audit History', to: '/audit-history' },
    { kind: 'link', label: 'Profile', to: '/profile' },
    { kind: 'link', label: 'Support', to: '/support' },
  );
  if (flags.isInternalStaff && !flags.isMasked)
    items.push({ kind: 'link', label: 'Mask', to: '/non-staff-users' });
  if (flags.isMasked) items.push({ kind: 'action', label: 'Unmask', action: 'unmask' });
  items.push({ kind: 'action', label: 'Logout', action: 'logout' });
  return items;
}

/** SPEC.md §2 "Navigation", client side. */
export function clientNavigation(flags: { financialAccounts: boolean }): NavLinkItem[] {
  const items: NavLinkItem[] = [
    { label: 'Bills', to: '/bills/all-entities' },
    { label: 'Commitments', to: '/commitments/all-entities' },
    { label: 'Reports', to: '/reports' },
  ];
  if (flags.financialAccounts) items.push({ label: 'Financial Accounts', to: '/financial-accounts' });
  return items;
}

export function clientUserMenu(flags: { isMasked: boolean; providerEmail: string }): UserMenuItem[] {
  const items: UserMenuItem[] = [
    { kind: 'link', label: 'Profile', to: '/profile' },
    { kind: 'link', label: 'Support', to: '/support' },
    { kind: 'mail', label: 'Email your provider team', href: `mailto:${flags.providerEmail}` },
  ];
  if (flags.isMasked) items.push({ kind: 'action', label: 'Unmask', action: 'unmask' });
  items.push({ kind: 'action', label: 'Logout', action: 'logout' });
  return items;
}

/**
 * The user menu while the user is held on one page (the onboarding checklist, the terms to accept):
 * every other page would send them straight back, so only leaving is offered.
 */
export function heldUserMenu(flags: { isMasked: boolean }): UserMenuItem[] {
  const items: UserMenuItem[] = [];
  if (flags.isMasked) items.push({ kind: 'action', label: 'Unmask', action: 'unmask' });
  items.push({ kind: 'action', label: 'Logout', action: 'logout' });
  return items;
}

/** The family-office shell: its dashboard, support and profile. */
export function familyOfficeNavigation(): NavLinkItem[] {
  return [
    { label: 'Dashboard', to: '/family-admin-dashboard' },
    { label: 'Bills', to: '/bills/all-entities' },
    { label: 'Reports', to: '/reports' },
  ];
}

export function familyOfficeUserMenu(flags: { isMasked: boolean }): UserMenuItem[] {
  const items: UserMenuItem[] = [
    { kind: 'link', label: 'Profile', to: '/foa/profile' },
    { kind: 'link', label: 'Support', to: '/foa/support' },
  ];
  if (flags.isMasked) items.push({ kind: 'action', label: 'Unmask', action: 'unmask' });
  items.push({ kind: 'action', label: 'Logout', action: 'logout' });
  return items;
}

/** The organisation name in the header, or SPEC.md §8's text when none is selected. */
export function organizationLabel(organization: { name: string } | null): string {
  return organization?.name || 'No organization Selected.';
}
