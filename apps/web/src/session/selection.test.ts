import { describe, expect, it } from 'vitest';
import { chooseClient, chooseOrganization, isHeldByOnboarding } from './selection.ts';
import { advisorProfile, client, familyOfficeProfile, organization, profile } from './test-fixtures.ts';

describe('chooseOrganization', () => {
  const a = organization({ name: 'A' });
  const b = organization({ name: 'B' });

  it('auto-selects the only organisation', () => {
    expect(chooseOrganization([a], null)).toEqual({ kind: 'selected', organization: a, autoSelected: true });
  });
  it('asks to choose among several when none is chosen', () => {
    expect(chooseOrganization([a, b], null)).toEqual({ kind: 'choose' });
  });
  it('keeps a stored choice that is still in the list', () => {
    expect(chooseOrganization([a, b], b.guid)).toEqual({
      kind: 'selected',
      organization: b,
      autoSelected: false,
    });
  });
  it('ignores a stored choice that is no longer in the list', () => {
    expect(chooseOrganization([a, b], 'gone')).toEqual({ kind: 'choose' });
    expect(chooseOrganization([a], 'gone')).toMatchObject({ kind: 'selected', organization: a });
  });
  it('reports no organisation', () => {
    expect(chooseOrganization([], null)).toEqual({ kind: 'none' });
  });
});

describe('chooseClient', () => {
  const done = client({ name: 'Done' });
  const pending = client({ name: 'Pending', is_onboarding_completed: false });
  const other = client({ name: 'Other', is_onboarding_completed: false });

  it('reports no client', () => {
    expect(chooseClient([], profile(), null)).toEqual({ kind: 'none' });
  });
  it('auto-selects the only client', () => {
    expect(chooseClient([done], profile(), null)).toEqual({
      kind: 'selected',
      client: done,
      autoSelected: true,
    });
  });
  it('asks to choose among several when none is chosen', () => {
    expect(chooseClient([done, pending], profile(), null)).toEqual({ kind: 'choose' });
  });
  it('keeps a stored choice', () => {
    expect(chooseClient([done, pending], profile(), pending.guid)).toEqual({
      kind: 'selected',
      client: pending,
      autoSelected: false,
    });
  });

  it('advisors get the first client with incomplete onboarding, else the first', () => {
    expect(chooseClient([done, pending, other], advisorProfile(), null)).toEqual({
      kind: 'selected',
      client: pending,
      autoSelected: true,
    });
    const first = client({ name: 'First' });
    expect(chooseClient([first, done], advisorProfile(), null)).toMatchObject({ client: first });
  });

  it('family-office users get the first incomplete client with the executive role', () => {
    const choice = chooseClient([done, pending], familyOfficeProfile(), null);
    expect(choice).toEqual({ kind: 'selected', client: { ...pending, role: 'exec' }, autoSelected: true });
    expect(chooseClient([done, pending], familyOfficeProfile(), done.guid)).toMatchObject({
      client: { guid: done.guid, role: 'exec' },
    });
  });

  it('advisors keep their own role', () => {
    expect(chooseClient([done], advisorProfile(), null)).toMatchObject({ client: { role: 'client' } });
  });
});

describe('isHeldByOnboarding', () => {
  it('holds a client user whose client has not finished onboarding', () => {
    expect(isHeldByOnboarding(client({ is_onboarding_completed: false }), null)).toBe(true);
    expect(isHeldByOnboarding(client(), null)).toBe(false);
    expect(isHeldByOnboarding(null, null)).toBe(false);
  });
  it('never holds advisors or family offices', () => {
    expect(isHeldByOnboarding(client({ is_onboarding_completed: false }), 'advisor')).toBe(false);
    expect(isHeldByOnboarding(client({ is_onboarding_completed: false }), 'family_office')).toBe(false);
  });
});
