import type { ClientSummary, Organization, UserProfile } from '@bp/contracts';
import { type ClientMode, clientModeOf } from './user-kind.ts';

/**
 * Where the user stands on choosing what they work on:
 * selected, several to choose from with none chosen, nothing at all, or (client users) terms to accept first.
 */
export type SelectionState = 'selected' | 'choose' | 'none' | 'must_accept_terms';

export type OrganizationChoice =
  | { kind: 'selected'; organization: Organization; autoSelected: boolean }
  | { kind: 'choose' }
  | { kind: 'none' };

/** SPEC.md §4 "Organisation selection": a still-valid stored choice wins; exactly one is chosen for the user. */
export function chooseOrganization(
  organizations: readonly Organization[],
  storedGuid: string | null,
): OrganizationChoice {
  const stored = storedGuid ? organizations.find((org) => org.guid === storedGuid) : undefined;
  if (stored) return { kind: 'selected', organization: stored, autoSelected: false };
  const [only, second] = organizations;
  if (!only) return { kind: 'none' };
  if (!second) return { kind: 'selected', organization: only, autoSelected: true };
  return { kind: 'choose' };
}

export type ClientChoice =
  | { kind: 'selected'; client: ClientSummary; autoSelected: boolean }
  | { kind: 'choose' }
  | { kind: 'none' };

/**
 * SPEC.md §4 "Client selection". Advisors and family offices land on the first client still onboarding
 * (else the first); family-office users act as executives on every client.
 */
export function chooseClient(
  clients: readonly ClientSummary[],
  profile: UserProfile | null,
  storedGuid: string | null,
): ClientChoice {
  const mode = clientModeOf(profile);
  const withRole = (client: ClientSummary) => asRoleFor(client, mode);
  const stored = storedGuid ? clients.find((client) => client.guid === storedGuid) : undefined;
  if (stored) return { kind: 'selected', client: withRole(stored), autoSelected: false };
  const [first, second] = clients;
  if (!first) return { kind: 'none' };
  if (mode) {
    const onboarding = clients.find((client) => !client.is_onboarding_completed);
    return { kind: 'selected', client: withRole(onboarding ?? first), autoSelected: true };
  }
  if (!second) return { kind: 'selected', client: first, autoSelected: true };
  return { kind: 'choose' };
}

function asRoleFor(client: ClientSummary, mode: ClientMode | null): ClientSummary {
  return mode === 'family_office' ? { ...client, role: 'exec' } : client;
}

/** Whether the selected client's unfinished onboarding holds the user on the checklist. */
export function isHeldByOnboarding(client: ClientSummary | null, mode: ClientMode | null): boolean {
  return client !== null && !client.is_onboarding_completed && mode === null;
}
