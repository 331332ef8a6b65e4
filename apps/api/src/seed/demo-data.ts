import type { WhiteLabelOptions } from '@bp/contracts';

/** The demo organisations, clients and accounts (README lists the same accounts). */
export const DEMO_PASSWORD = 'demo-pass-2026';

export const demoOrganizations = [
  { key: 'dfo', name: 'Demo Family Office', passwordExpiryDays: 90 },
  { key: 'second', name: 'Second Org', passwordExpiryDays: null },
] as const;
export type OrgKey = (typeof demoOrganizations)[number]['key'];

export const demoReferrers: {
  key: string;
  name: string;
  whiteLabelEnabled: boolean;
  newsEnabled: boolean;
  exploreServicesEnabled: boolean;
  options: WhiteLabelOptions;
}[] = [
  {
    key: 'summit',
    name: 'Summit Wealth Advisors',
    whiteLabelEnabled: true,
    newsEnabled: true,
    exploreServicesEnabled: true,
    options: {
      palette: { primary: { main: '#0F766E' }, secondary: { main: '#B45309' } },
      typography: { fontFamily: 'Georgia, serif' },
      logos: [{ label: 'main_logo', value: '/summit-logo.svg' }],
      news: [
        {
          title: 'Year-end tax planning checklist',
          summary: 'What to gather before December 31st: charitable receipts, estimated payments, and more.',
          url: 'https://summit-wealth.example/news/year-end-tax-planning',
          published_on: '2026-11-02',
        },
        {
          title: 'Summit opens a Denver office',
          summary: 'Our new team serves families across the Mountain West.',
          published_on: '2026-09-15',
        },
      ],
      services: [
        {
          name: 'Estate planning review',
          description: 'A yearly review of wills, trusts and beneficiaries with your advisor.',
          url: 'https://summit-wealth.example/services/estate-planning',
        },
        {
          name: 'Insurance audit',
          description: 'We compare your home, auto and umbrella policies against your current assets.',
        },
      ],
    },
  },
];

export const demoClients = [
  {
    key: 'harper',
    org: 'dfo',
    name: 'Harper Household',
    service: 'bill_pay',
    onboarded: true,
    referrer: 'summit',
  },
  {
    key: 'lindqvist',
    org: 'dfo',
    name: 'Lindqvist Trust',
    service: 'family_office_accounting',
    onboarded: true,
  },
  { key: 'okafor', org: 'dfo', name: 'Okafor Family', service: 'bill_pay', onboarded: false },
  { key: 'delacroix', org: 'dfo', name: 'Delacroix Estate', service: 'bill_pay', onboarded: true },
  {
    key: 'nakamura',
    org: 'second',
    name: 'Nakamura Holdings',
    service: 'family_office_accounting',
    onboarded: true,
  },
  { key: 'brennan', org: 'second', name: 'Brennan Family', service: 'bill_pay', onboarded: true },
] as const;
export type ClientKey = (typeof demoClients)[number]['key'];

interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  type: 'bporg' | 'client';
  staff?: 'admin' | 'member';
  service?: 'wealth_manager' | 'family_office';
  advisorDashboard?: boolean;
  foaDashboard?: boolean;
  acceptedTerms?: boolean;
  passwordAgeDays?: number;
  features?: string[];
  orgs?: { org: OrgKey; role: string; teamLabel: string | null }[];
  clients?: { client: ClientKey; role: string; relation: string }[];
  /** Where the web app lands this account after sign-in (README and browser tests). */
  landsOn: string;
}

export const demoAccounts: DemoAccount[] = [
  {
    email: 'super@demo.test',
    firstName: 'Sam',
    lastName: 'Super',
    type: 'bporg',
    staff: 'admin',
    orgs: [
      { org: 'dfo', role: 'super_admin', teamLabel: 'Manager' },
      { org: 'second', role: 'super_admin', teamLabel: 'Manager' },
    ],
    landsOn: '/my-organizations',
  },
  {
    email: 'manager@demo.test',
    firstName: 'Maya',
    lastName: 'Manager',
    type: 'bporg',
    features: ['VENDOR_MANAGEMENT'],
    orgs: [{ org: 'dfo', role: 'admin', teamLabel: 'Manager' }],
    landsOn: '/manager-dashboard',
  },
  {
    email: 'associate@demo.test',
    firstName: 'Alex',
    lastName: 'Associate',
    type: 'bporg',
    orgs: [{ org: 'dfo', role: 'user', teamLabel: 'Associate' }],
    landsOn: '/associate-dashboard',
  },
  {
    email: 'client@demo.test',
    firstName: 'Claire',
    lastName: 'Harper',
    type: 'client',
    acceptedTerms: true,
    features: ['ACCOUNT_STATEMENT_FEEDS'],
    clients: [{ client: 'harper', role: 'client', relation: 'primary' }],
    landsOn: '/dashboard',
  },
  {
    email: 'multi@demo.test',
    firstName: 'Morgan',
    lastName: 'Multi',
    type: 'client',
    acceptedTerms: true,
    clients: [
      { client: 'harper', role: 'client', relation: 'significant_other_spouse' },
      { client: 'lindqvist', role: 'client', relation: 'primary' },
    ],
    landsOn: '/select-client',
  },
  {
    email: 'newclient@demo.test',
    firstName: 'Nia',
    lastName: 'Okafor',
    type: 'client',
    acceptedTerms: true,
    clients: [{ client: 'okafor', role: 'client', relation: 'primary' }],
    landsOn: '/client-onboarding/client',
  },
  {
    email: 'terms@demo.test',
    firstName: 'Theo',
    lastName: 'Delacroix',
    type: 'client',
    acceptedTerms: false,
    clients: [{ client: 'delacroix', role: 'client', relation: 'primary' }],
    landsOn: '/terms-conditions',
  },
  {
    email: 'designee@demo.test',
    firstName: 'Dana',
    lastName: 'Designee',
    type: 'client',
    acceptedTerms: true,
    clients: [{ client: 'harper', role: 'designee', relation: 'designee' }],
    landsOn: '/dashboard',
  },
  {
    email: 'observer@demo.test',
    firstName: 'Owen',
    lastName: 'Observer',
    type: 'client',
    acceptedTerms: true,
    clients: [{ client: 'harper', role: 'observer', relation: 'other' }],
    landsOn: '/dashboard',
  },
  {
    email: 'advisor@demo.test',
    firstName: 'Ava',
    lastName: 'Advisor',
    type: 'client',
    service: 'wealth_manager',
    advisorDashboard: true,
    acceptedTerms: true,
    clients: [
      { client: 'harper', role: 'client', relation: 'wealth_manager' },
      { client: 'okafor', role: 'client', relation: 'wealth_manager' },
    ],
    landsOn: '/wealth-advisor-dashboard',
  },
  {
    email: 'family@demo.test',
    firstName: 'Felix',
    lastName: 'Family',
    type: 'client',
    service: 'family_office',
    foaDashboard: true,
    acceptedTerms: true,
    clients: [{ client: 'lindqvist', role: 'exec', relation: 'family_office' }],
    landsOn: '/family-admin-dashboard',
  },
  {
    email: 'expired@demo.test',
    firstName: 'Eli',
    lastName: 'Expired',
    type: 'bporg',
    passwordAgeDays: 200,
    orgs: [{ org: 'dfo', role: 'user', teamLabel: 'Associate' }],
    landsOn: '/user/reset-password-expiry',
  },
  {
    email: 'other@second.test',
    firstName: 'Olive',
    lastName: 'Other',
    type: 'bporg',
    orgs: [{ org: 'second', role: 'admin', teamLabel: 'Manager' }],
    landsOn: '/manager-dashboard',
  },
];
