import { describe, expect, it } from 'vitest';
import { changeLines, isoOfTypedDate, sentenceOf, valueText, whenOf, whoOf } from './audit-format.ts';

describe('audit history formatting', () => {
  it('reads slugs as sentences, keeping acronyms', () => {
    expect(sentenceOf('group_user_added')).toBe('Group user added');
    expect(sentenceOf('client_assignment')).toBe('Client assignment');
    expect(sentenceOf('poa_approval_given')).toBe('POA approval given');
  });

  it('shows when as MM/dd/yyyy and a time', () => {
    const local = new Date(2026, 2, 5, 14, 7);
    expect(whenOf(local.toISOString())).toEqual({ date: '03/05/2026', time: '2:07 PM' });
  });

  it('names who did it and who was masked as them', () => {
    const actor = { guid: 'a', name: 'Claire Harper', email: 'client@demo.test' };
    expect(whoOf({ actor, masked_by: null })).toEqual({ name: 'Claire Harper', detail: null });
    expect(whoOf({ actor, masked_by: { guid: 'b', name: 'Sam Super' } })).toEqual({
      name: 'Claire Harper',
      detail: 'masked by Sam Super',
    });
    expect(whoOf({ actor: null, masked_by: null }).name).toBe('System');
  });

  it("lists changed fields as 'field: before → after'", () => {
    expect(
      changeLines({
        name: { before: 'Reviewers', after: 'Auditors' },
        mfa_required: { before: false, after: true },
        permissions: { before: [], after: ['audit.view', 'staff.view'] },
        support_email: { before: null, after: 'help@demo.test' },
      }),
    ).toEqual([
      'name: Reviewers → Auditors',
      'mfa_required: No → Yes',
      'permissions: (none) → audit.view, staff.view',
      'support_email: (empty) → help@demo.test',
    ]);
    expect(valueText({ a: 1 })).toBe('{"a":1}');
    expect(valueText(90)).toBe('90');
  });

  it('turns a typed MM/dd/yyyy date into the API form', () => {
    expect(isoOfTypedDate('03/05/2026')).toBe('2026-03-05');
    expect(isoOfTypedDate('  ')).toBeUndefined();
    expect(isoOfTypedDate('02/30/2026')).toBeNull();
    expect(isoOfTypedDate('2026-03-05')).toBeNull();
  });
});
