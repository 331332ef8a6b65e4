import type { Reconciliation, ReportReminder } from '@bp/contracts';
import { guidOf } from '../settings/org-fixtures.test-support.ts';

export { ORG_GUID, orgSession, page, staffUser } from '../settings/org-fixtures.test-support.ts';

export const CLIENT_GUID = guidOf(500);
const person = (n: number, first: string, last: string) => ({
  guid: guidOf(n),
  first_name: first,
  last_name: last,
  avatar: null,
});
export const ALEX = person(11, 'Alex', 'Associate');

export function reconciliationRow(n: number, overrides: Partial<Reconciliation> = {}): Reconciliation {
  return {
    guid: guidOf(1000 + n),
    client: { guid: CLIENT_GUID, name: 'Harper Household' },
    entity: { guid: guidOf(600), name: 'Harper Holdings LLC' },
    account: { guid: guidOf(700), name: 'Operating Checking' },
    period_start: '2026-01-01',
    period_end: '2026-01-31',
    due_date: '2026-02-06',
    is_overdue: false,
    step: 'Open',
    assignee: ALEX,
    preparer: null,
    created_on: '2026-02-01T00:00:00.000Z',
    ...overrides,
  };
}

export function reminderRow(n: number, overrides: Partial<ReportReminder> = {}): ReportReminder {
  return {
    guid: guidOf(2000 + n),
    client: { guid: CLIENT_GUID, name: 'Harper Household' },
    entity: null,
    name: 'Quarterly cash flow',
    report_type: 'cash_flow',
    frequency: 'quarterly',
    due_business_days: 5,
    start_date: '2026-01-01',
    assignee: ALEX,
    backup: null,
    channels: ['email'],
    notes: null,
    is_archived: false,
    next_period: { start: '2026-01-01', end: '2026-03-31', due_date: '2026-04-07' },
    created_on: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
