import type { OrgClient } from '@bp/contracts';
import { CLIENT_SERVICE_LABELS, CLIENT_SERVICE_VALUES, optionsOf } from '@bp/domain';
import type { FieldOption, FieldSpec, Payload } from '../client-records/index.ts';

export const SERVICE_OPTIONS = optionsOf(CLIENT_SERVICE_VALUES, CLIENT_SERVICE_LABELS);

/** The client form (new and edit); fees are typed in dollars and sent in cents. */
export const CLIENT_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, helperText: 'For example Harper Household.' },
  { name: 'service', label: 'Service', kind: 'select', required: true, options: SERVICE_OPTIONS, half: true },
  { name: 'primary_contact', label: 'Primary contact', kind: 'text', half: true },
  {
    name: 'bp_ff_amount',
    label: 'Bill Pay fee ($)',
    kind: 'money',
    half: true,
    helperText: 'Blank means $0.00.',
  },
  {
    name: 'foa_ff_amount',
    label: 'Family Office Accounting fee ($)',
    kind: 'money',
    half: true,
    helperText: 'Blank means $0.00.',
  },
  { name: 'has_properties', label: 'Has properties', kind: 'checkbox' },
];

export const NEW_CLIENT_DEFAULTS = { service: 'bill_pay' };

/** The client form with its 'Referred by' choices; editing adds the onboarding switch. */
export function clientFields(referrers: readonly FieldOption[], editing: boolean): FieldSpec[] {
  const fields: FieldSpec[] = [
    ...CLIENT_FIELDS,
    { name: 'client_referrer', label: 'Referred by', kind: 'select', options: referrers },
  ];
  if (editing)
    fields.push({ name: 'is_onboarding_completed', label: 'Onboarding completed', kind: 'switch' });
  return fields;
}

/** The client as the form edits it: its referrer by guid. */
export const clientFormItem = (client: OrgClient) => ({
  ...client,
  client_referrer: client.client_referrer?.guid ?? null,
});

/** A new client is sent a referrer only when one was chosen. */
export function newClientPayload({ client_referrer, ...rest }: Payload): Payload {
  return client_referrer ? { ...rest, client_referrer } : rest;
}
