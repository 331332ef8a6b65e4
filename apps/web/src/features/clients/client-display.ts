import type { OrgClient } from '@bp/contracts';

export function onboardingLabel(client: Pick<OrgClient, 'is_onboarding_completed'>): string {
  return client.is_onboarding_completed ? 'Completed' : 'Not completed';
}

/** The organisation's onboarding checklist of a client: `/client-onboarding/client/{clientGuid}`. */
export function onboardingPath(clientGuid: string): string {
  return `/client-onboarding/client/${encodeURIComponent(clientGuid)}`;
}

/** `/clients/archived/client-list/{clientType}` */
export function archivedListPath(service: string): string {
  return `/clients/archived/client-list/${service}`;
}
