import { CLIENT_USER_ROLE_VALUES } from '@bp/contracts';
import { CLIENT_RELATION_LABELS, CLIENT_RELATION_VALUES, optionsOf, ROLE_LABELS } from '@bp/domain';
import type { FieldSpec } from '../client-records/index.ts';

export const ROLE_OPTIONS = CLIENT_USER_ROLE_VALUES.map((value) => ({ value, label: ROLE_LABELS[value] }));
export const RELATION_OPTIONS = optionsOf(CLIENT_RELATION_VALUES, CLIENT_RELATION_LABELS);

const roleField: FieldSpec = {
  name: 'role',
  label: 'Role',
  kind: 'select',
  required: true,
  options: ROLE_OPTIONS,
  half: true,
  helperText: 'Observers can only look; designees approve within their limits.',
};
const relationField: FieldSpec = {
  name: 'client_relation',
  label: 'Relation to the client',
  kind: 'select',
  required: true,
  options: RELATION_OPTIONS,
  half: true,
};
const nicknameField: FieldSpec = { name: 'nickname', label: 'Nickname', kind: 'text' };

/** The invitation form (POST user-invitations). */
export const INVITE_FIELDS: FieldSpec[] = [
  { name: 'email', label: 'E-mail', kind: 'email', required: true, autoComplete: 'off' },
  { name: 'first_name', label: 'First name', kind: 'text', required: true, half: true },
  { name: 'last_name', label: 'Last name', kind: 'text', required: true, half: true },
  roleField,
  relationField,
  nicknameField,
];
export const INVITE_DEFAULTS = { role: 'client', client_relation: 'primary' };

/** What staff change on a client user (PATCH users/{clientUserGuid}). */
export const EDIT_FIELDS: FieldSpec[] = [roleField, relationField, nicknameField];
