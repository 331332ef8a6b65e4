import { describe, expect, it } from 'vitest';
import { instanceStatus } from './status.ts';

const base = { due_date: '2026-03-13', skipped: false, bill_status: null, autopay: false };

describe('instanceStatus', () => {
  it('upcoming until due, late up to 30 days past due, then missed', () => {
    expect(instanceStatus(base, '2026-03-13')).toBe('upcoming');
    expect(instanceStatus(base, '2026-03-14')).toBe('late');
    expect(instanceStatus(base, '2026-04-12')).toBe('late');
    expect(instanceStatus(base, '2026-04-13')).toBe('missed');
  });
  it('billed while a live bill waits and not past due; paid once paid; a rejected bill is no bill', () => {
    expect(instanceStatus({ ...base, bill_status: 'client_approval' }, '2026-03-01')).toBe('billed');
    expect(instanceStatus({ ...base, bill_status: 'client_approval' }, '2026-03-20')).toBe('late');
    expect(instanceStatus({ ...base, bill_status: 'paid' }, '2026-06-01')).toBe('paid');
    expect(instanceStatus({ ...base, bill_status: 'rejected' }, '2026-03-01')).toBe('upcoming');
  });
  it('skipped wins; autopay once due', () => {
    expect(instanceStatus({ ...base, skipped: true }, '2026-06-01')).toBe('skipped');
    expect(instanceStatus({ ...base, autopay: true }, '2026-03-01')).toBe('upcoming');
    expect(instanceStatus({ ...base, autopay: true }, '2026-03-14')).toBe('autopay');
    expect(instanceStatus({ ...base, autopay: true }, '2026-09-14')).toBe('autopay');
  });
});
