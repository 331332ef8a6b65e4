import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

describe('public entry', () => {
  it('exports the rules and constants of the package', () => {
    const names = [
      'labelOf',
      'ENUMERATIONS',
      'billingQueuePath',
      'centsToDollars',
      'centsToDollarsPlain',
      'formatMoney',
      'dollarsToCents',
      'parseDollarsToCents',
      'thresholdForSave',
      'paymentThresholdToPercent',
      'percentToPaymentThreshold',
      'changedFields',
      'formatPhone',
      'isValidPhone',
      'formatDate',
      'formatRelativeTime',
      'isBusinessDay',
      'addBusinessDays',
      'previousBusinessDay',
      'nextBusinessDay',
      'usFederalHolidays',
      'yearList',
      'shortenNumber',
      'formatLimit',
      'staffFlags',
      'isValidMfaCode',
      'DEFAULT_PAGE_SIZE',
      'THIRD_APPROVAL_THRESHOLD_CENTS',
      'BREAKPOINTS',
      'DATE_FORMAT',
      'planApprovals',
      'nextStep',
      'billStatusAfter',
      'APPROVAL_STEP_KIND_VALUES',
    ];
    for (const name of names) expect(domain, name).toHaveProperty(name);
  });
  it('registers every enumeration', () => {
    expect(Object.keys(domain.ENUMERATIONS).length).toBeGreaterThanOrEqual(37);
  });
});
