import type { OrganizationDetail } from '@bp/contracts';
import { describe, expect, it } from 'vitest';
import { formValuesOf, organizationPatch, orgSettingsForm } from './org-settings-form.ts';

const org: OrganizationDetail = {
  guid: '11111111-1111-4111-8111-111111111111',
  name: 'Demo Family Office',
  unread_count: 0,
  role: 'admin',
  team_label: 'Manager',
  client_property_default: '0',
  password_expiry_days: 90,
  mfa_required: false,
  support_email: 'help@demo.test',
  support_phone: '5551234567',
  updated_on: '2026-01-01T00:00:00.000Z',
};

const submit = (changes: Partial<ReturnType<typeof formValuesOf>>) =>
  organizationPatch(org, orgSettingsForm.parse({ ...formValuesOf(org), ...changes }));

describe('Org Settings form', () => {
  it('shows blank for never and the phone formatted', () => {
    const values = formValuesOf({ ...org, password_expiry_days: null });
    expect(values.password_expiry_days).toBe('');
    expect(values.support_phone).toBe('(555) 123-4567');
  });

  it('sends nothing when nothing changed, even though the phone is shown formatted', () => {
    expect(submit({})).toEqual({});
  });

  it('sends only the changed fields, blank expiry as null (never)', () => {
    expect(submit({ password_expiry_days: '', mfa_required: true })).toEqual({
      password_expiry_days: null,
      mfa_required: true,
    });
    expect(submit({ password_expiry_days: ' 30 ' })).toEqual({ password_expiry_days: 30 });
  });

  it('clears support contacts with blanks and sends a new phone as typed', () => {
    expect(submit({ support_email: '', support_phone: '' })).toEqual({
      support_email: null,
      support_phone: null,
    });
    expect(submit({ support_phone: '+1 555 987 6543' })).toEqual({ support_phone: '+1 555 987 6543' });
    expect(submit({ support_email: 'Desk@Demo.Test' })).toEqual({ support_email: 'desk@demo.test' });
  });

  it('explains bad input', () => {
    const errors = orgSettingsForm.safeParse({
      ...formValuesOf(org),
      name: ' ',
      password_expiry_days: '0',
      client_property_default: 'x',
      support_email: 'nope',
      support_phone: '555-12',
    });
    expect(errors.success).toBe(false);
    const messages = Object.fromEntries(errors.error?.issues.map((i) => [i.path[0], i.message]) ?? []);
    expect(messages).toEqual({
      name: 'This field is required.',
      password_expiry_days: 'Enter between 1 and 3650 days, or leave it blank for never.',
      client_property_default: 'Enter a number.',
      support_email: 'Enter a valid e-mail address.',
      support_phone: 'Enter a 10-digit US phone number.',
    });
  });
});
