import type { ReactNode } from 'react';
import { useSessionState } from '../../session/session-state-context.ts';

/** One path, two screens: e.g. /commitments/{id} is a commitment for staff and an entity's list for clients. */
export function ByUserType({ organization, client }: { organization: ReactNode; client: ReactNode }) {
  const { snapshot } = useSessionState();
  return <>{snapshot.claims?.type === 'bporg' ? organization : client}</>;
}
