/**
 * Access policies of the onboarding routes (DESIGN §5). The client's staff and its own users read the
 * checklist (advisors and family offices reach it as client users of the clients linked to them); writes
 * refuse observers here and read-only relations in the service (checklist.ts `requireEditor`).
 */
export const onboardingReadPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'clients.view',
} as const;

/** Staff with clients.manage, or a client user who fills its own checklist. */
export const onboardingWritePolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'clients.manage',
  write: true,
} as const;
