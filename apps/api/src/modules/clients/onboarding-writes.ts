import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { clients } from './tables.ts';

/** The client fields the onboarding checklist writes (its "client details" step and its summary). */
export interface ClientOnboardingFields {
  primaryContact?: string | null;
  hasProperties?: boolean;
  isOnboardingCompleted?: boolean;
}

/**
 * Writes the onboarding's fields of a client in the caller's transaction (which records the audit entry)
 * and returns them before and after, locked, so two submits cannot both see "not completed".
 */
export async function updateClientOnboardingFields(
  tx: DbOrTx,
  clientId: number,
  changes: ClientOnboardingFields,
  at: Date,
): Promise<{ before: Required<ClientOnboardingFields>; after: Required<ClientOnboardingFields> } | null> {
  const [row] = await tx
    .select({
      primaryContact: clients.primaryContact,
      hasProperties: clients.hasProperties,
      isOnboardingCompleted: clients.isOnboardingCompleted,
    })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('update');
  if (!row) return null;
  const after = { ...row, ...changes } as Required<ClientOnboardingFields>;
  await tx
    .update(clients)
    .set({ ...changes, updatedAt: at })
    .where(eq(clients.id, clientId));
  return { before: row, after };
}
