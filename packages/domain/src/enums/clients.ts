/** Enumerations about clients, their users and their set-up (SPEC §1, §3). */
import type { LabelMap } from './define.ts';

/** The service a client is served under. */
export const CLIENT_SERVICE_VALUES = ['bill_pay', 'family_office_accounting'] as const;
export type ClientService = (typeof CLIENT_SERVICE_VALUES)[number];
export const CLIENT_SERVICE_LABELS: LabelMap<ClientService> = {
  bill_pay: 'Bill Pay',
  family_office_accounting: 'Family Office Accounting',
};
/** Short labels shown in tight places (badges, table cells). */
export const CLIENT_SERVICE_SHORT_LABELS: LabelMap<ClientService> = {
  bill_pay: 'BP',
  family_office_accounting: 'FOA',
};

/** The service of the current user (advisor or family-office mode). */
export const USER_SERVICE_VALUES = ['wealth_manager', 'family_office'] as const;
export type UserService = (typeof USER_SERVICE_VALUES)[number];
export const USER_SERVICE_LABELS: LabelMap<UserService> = {
  wealth_manager: 'Wealth Manager',
  family_office: 'Family Office',
};

/** `feature_name` of the current user's features; each gates menus and routes (SPEC §6). */
export const USER_FEATURE_VALUES = [
  'VENDOR_MANAGEMENT',
  'PINS',
  'BOOKS',
  'BOOKS_LEDGER_POSTING',
  'ACCOUNT_STATEMENT_FEEDS',
] as const;
export type UserFeature = (typeof USER_FEATURE_VALUES)[number];
export const USER_FEATURE_LABELS: LabelMap<UserFeature> = {
  VENDOR_MANAGEMENT: 'Vendor Management',
  PINS: 'Pins',
  BOOKS: 'Books',
  BOOKS_LEDGER_POSTING: 'Ledger Posting',
  ACCOUNT_STATEMENT_FEEDS: 'Account Statement Feeds',
};

/** Kinds of entity a client holds. */
export const ENTITY_KIND_VALUES = ['legal_entity', 'private_individual'] as const;
export type EntityKind = (typeof ENTITY_KIND_VALUES)[number];
export const ENTITY_KIND_LABELS: LabelMap<EntityKind> = {
  legal_entity: 'Legal Entity',
  private_individual: 'Private Individual',
};

/** How a client user relates to the client. */
export const CLIENT_RELATION_VALUES = [
  'primary',
  'significant_other_spouse',
  'dependant_child',
  'designee',
  'other',
  'cpa',
  'attorney',
  'wealth_manager',
  'family_office',
] as const;
export type ClientRelation = (typeof CLIENT_RELATION_VALUES)[number];
export const CLIENT_RELATION_LABELS: LabelMap<ClientRelation> = {
  primary: 'Primary',
  significant_other_spouse: 'Significant Other / Spouse',
  dependant_child: 'Dependant / Child',
  designee: 'Designee',
  other: 'Other',
  cpa: 'CPA',
  attorney: 'Attorney',
  wealth_manager: 'Wealth Manager',
  family_office: 'Family Office',
};

/** Advisors that can manage a client. */
export const ADVISOR_KIND_VALUES = ['cpa', 'attorney', 'wealth_manager', 'family_office'] as const;
export type AdvisorKind = (typeof ADVISOR_KIND_VALUES)[number];
export const ADVISOR_KIND_LABELS: LabelMap<AdvisorKind> = {
  cpa: 'CPA',
  attorney: 'Attorney',
  wealth_manager: 'Wealth Manager',
  family_office: 'Family Office',
};

export const PROPERTY_KIND_VALUES = ['rental', 'primary', 'vacation', 'secondary', 'other'] as const;
export type PropertyKind = (typeof PROPERTY_KIND_VALUES)[number];
export const PROPERTY_KIND_LABELS: LabelMap<PropertyKind> = {
  rental: 'Rental',
  primary: 'Primary',
  vacation: 'Vacation',
  secondary: 'Secondary',
  other: 'Other',
};

/** Other tax-form types. */
export const TAX_FORM_TYPE_VALUES = ['k_1', 'payroll', 'other'] as const;
export type TaxFormType = (typeof TAX_FORM_TYPE_VALUES)[number];
export const TAX_FORM_TYPE_LABELS: LabelMap<TaxFormType> = {
  k_1: 'K-1',
  payroll: 'Payroll',
  other: 'Other',
};
