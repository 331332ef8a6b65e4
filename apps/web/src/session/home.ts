import { HOME_PATHS, LOGIN_PATH } from './paths.ts';
import type { SessionSnapshot } from './session-snapshot.ts';
import { isAssociate } from './user-kind.ts';

/**
 * The user's home (SPEC.md §2, §6): associates and everyone else in an organisation have their
 * dashboard; client users theirs by mode.
 */
export function homePathOf(snapshot: Pick<SessionSnapshot, 'claims' | 'organization' | 'mode'>): string {
  const { claims } = snapshot;
  if (!claims) return LOGIN_PATH;
  if (claims.type === 'bporg')
    return isAssociate(snapshot.organization) ? HOME_PATHS.associate : HOME_PATHS.manager;
  if (snapshot.mode === 'advisor') return HOME_PATHS.advisor;
  if (snapshot.mode === 'family_office') return HOME_PATHS.familyOffice;
  return HOME_PATHS.client;
}

/** After sign-in: the url saved when a signed-out user hit a private page, else home. */
export function postSignInPath(savedRedirectUrl: string | null, home: string): string {
  return savedRedirectUrl?.startsWith('/') && !savedRedirectUrl.startsWith('//') ? savedRedirectUrl : home;
}
