/** Enumerations about users, roles, teams and authentication (SPEC §3, §6). */
import { identityLabels, type LabelMap } from './define.ts';

/** Roles of organisation and client users. */
export const ROLE_VALUES = [
  'super_admin',
  'admin',
  'user',
  'client',
  'designee',
  'observer',
  'reviewer',
  'exec',
] as const;
export type Role = (typeof ROLE_VALUES)[number];
export const ROLE_LABELS: LabelMap<Role> = {
  super_admin: 'Super Admin',
  admin: 'Admin',
  user: 'User',
  client: 'Client',
  designee: 'Designee',
  observer: 'Observer',
  reviewer: 'Reviewer',
  exec: 'Executive',
};

/** Staff team levels; the value is the display text. */
export const STAFF_TEAM_LEVEL_VALUES = [
  'POA Approval',
  'Associate',
  'Lead',
  'Supervisor',
  'Manager',
] as const;
export type StaffTeamLevel = (typeof STAFF_TEAM_LEVEL_VALUES)[number];
export const STAFF_TEAM_LEVEL_LABELS: LabelMap<StaffTeamLevel> = identityLabels(STAFF_TEAM_LEVEL_VALUES);

/** Organisation team labels: the staff levels plus the other teams; the value is the display text. */
export const ORG_TEAM_LABEL_VALUES = [
  ...STAFF_TEAM_LEVEL_VALUES,
  'Division Head',
  'IT',
  'Accounting',
  'App Product Manager',
  'Operations',
  'Admin',
] as const;
export type OrgTeamLabel = (typeof ORG_TEAM_LABEL_VALUES)[number];
export const ORG_TEAM_LABEL_LABELS: LabelMap<OrgTeamLabel> = identityLabels(ORG_TEAM_LABEL_VALUES);

/** Statuses of users and invitations. */
export const USER_STATUS_VALUES = ['pending', 'active', 'accepted', 'pending_invite'] as const;
export type UserStatus = (typeof USER_STATUS_VALUES)[number];
export const USER_STATUS_LABELS: LabelMap<UserStatus> = {
  pending: 'Pending',
  active: 'Active',
  accepted: 'Invite Accepted',
  pending_invite: 'Pending Invite',
};

/** Two-factor methods: text message (via Twilio), authenticator app, hardware key, e-mail. */
export const MFA_METHOD_VALUES = ['sms_twilio', 'mobile_app', 'yubi', 'email'] as const;
export type MfaMethod = (typeof MFA_METHOD_VALUES)[number];
export const MFA_METHOD_LABELS: LabelMap<MfaMethod> = {
  sms_twilio: 'Text',
  mobile_app: 'Mobile App',
  yubi: 'Hardware Key',
  email: 'Email',
};

/** Flows a one-time e-mailed token serves. */
export const TOKEN_FLOW_TYPE_VALUES = ['reset', 'invite'] as const;
export type TokenFlowType = (typeof TOKEN_FLOW_TYPE_VALUES)[number];
export const TOKEN_FLOW_TYPE_LABELS: LabelMap<TokenFlowType> = {
  reset: 'Password Reset',
  invite: 'Invitation',
};

/** `staff` claim of the access token: internal staff kinds. */
export const STAFF_KIND_VALUES = ['admin', 'member'] as const;
export type StaffKind = (typeof STAFF_KIND_VALUES)[number];
export const STAFF_KIND_LABELS: LabelMap<StaffKind> = {
  admin: 'Admin',
  member: 'Member',
};
