import type { DbOrTx } from '../../platform/db.ts';
import { screenPayee } from '../sanctions/index.ts';
import { recordVendorEvent } from './history.ts';

/**
 * Screens a vendor's (or parent vendor's) name against the sanctions list when it is created or renamed
 * (decision 010 screens bills; decision 022 adds vendors), and keeps the result in its history, where
 * the vendor page reads it. A match does not refuse the write: bills to the vendor still stop in
 * ofac_approval, and staff see the match on the vendor page before any bill arrives.
 */
export async function screenVendorName(
  tx: DbOrTx,
  subject: { organizationId: number; parentVendorId?: number; vendorId?: number },
  name: string,
  userId: number | null,
  at: Date,
) {
  const match = await screenPayee(tx, name);
  await recordVendorEvent(tx, {
    ...subject,
    kind: 'sanctions_screened',
    userId,
    at,
    details: {
      name,
      match: match ? { name: match.name, score: Math.round(match.score * 1000) / 1000 } : null,
    },
  });
  return match;
}
