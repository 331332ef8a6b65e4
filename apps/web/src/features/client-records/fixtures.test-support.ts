import type {
  ClientDocument,
  ClientSummary,
  ClientUser,
  Contact,
  Entity,
  OrgClient,
  Paged,
  Property,
} from '@bp/contracts';

export const CLIENT_GUID = '11111111-1111-4111-8111-111111111111';
export const ORG_GUID = '22222222-2222-4222-8222-222222222222';

export const guidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function page<T>(results: T[], count = results.length): Paged<T> {
  return { count, next: null, previous: null, results };
}

export function entity(overrides: Partial<Entity> = {}): Entity {
  return {
    guid: guidOf(1),
    kind: 'legal_entity',
    nickname: 'Harper Holdings LLC',
    corporate_id: 'EIN-0000001',
    allowable_payment_threshold: 0.05,
    client_pre_approval_required: false,
    client_pre_approval_threshold: 0,
    enable_multiple_approvers: false,
    multiple_approver_threshold: 0,
    minimum_account_balance: 0,
    filing_date: null,
    is_qbo_class: false,
    is_quickbooks_required: false,
    entities: [],
    parent_entity: null,
    archived: false,
    created_on: '2026-01-15T10:00:00Z',
    ...overrides,
  };
}

export function contact(overrides: Partial<Contact> = {}): Contact {
  return {
    guid: guidOf(20),
    name: 'Harper Family CPA',
    email_address: 'cpa@example.test',
    phone: '5551234567',
    relation: 'cpa',
    notes: null,
    created_on: '2026-01-15T10:00:00Z',
    ...overrides,
  };
}

export function property(overrides: Partial<Property> = {}): Property {
  return {
    guid: guidOf(30),
    kind: 'primary',
    name: 'Harper Residence',
    addr1: null,
    addr2: null,
    city: 'Seattle',
    state: 'WA',
    postal_code: null,
    country: 'US',
    entity: guidOf(1),
    created_on: '2026-01-15T10:00:00Z',
    ...overrides,
  };
}

export function clientUser(overrides: Partial<ClientUser> = {}): ClientUser {
  return {
    guid: guidOf(40),
    user: { guid: guidOf(41), email: 'claire@example.test', first_name: 'Claire', last_name: 'Harper' },
    role: 'client',
    role_label: 'Client',
    client_relation: 'primary',
    client_relation_label: 'Primary',
    status: 'active',
    status_label: 'Active',
    nickname: null,
    should_update: false,
    is_qbo_class: false,
    approval_limit: 0,
    created_on: '2026-01-15T10:00:00Z',
    ...overrides,
  };
}

export function document(overrides: Partial<ClientDocument> = {}): ClientDocument {
  return {
    guid: guidOf(50),
    original_name: 'statement.pdf',
    mime_type: 'application/pdf',
    size_bytes: 2048,
    entity: guidOf(1),
    uploaded_by: null,
    created_on: '2026-03-05T10:00:00Z',
    ...overrides,
  };
}

export function orgClient(overrides: Partial<OrgClient> = {}): OrgClient {
  return {
    guid: CLIENT_GUID,
    name: 'Harper Household',
    created_on: '2026-02-01T10:00:00Z',
    service: 'bill_pay',
    primary_contact: 'Claire Harper',
    is_onboarding_completed: true,
    has_properties: false,
    bp_ff_amount: 150000,
    foa_ff_amount: 0,
    total_ff_amount: 150000,
    client_referrer: null,
    onboarding_invited_at: null,
    archived: false,
    archived_on: null,
    ...overrides,
  };
}

export function clientSummary(role: string): ClientSummary {
  return {
    guid: CLIENT_GUID,
    name: 'Harper Household',
    created_on: '2026-02-01T10:00:00Z',
    role,
    is_onboarding_completed: true,
    has_properties: true,
    service: 'bill_pay',
    client_referrer: null,
  };
}
