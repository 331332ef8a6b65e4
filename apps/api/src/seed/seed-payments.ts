import { and, eq, inArray } from 'drizzle-orm';
import { clients } from '../modules/clients/tables.ts';
import { entities, vendors } from '../modules/entities/tables.ts';
import { organizations } from '../modules/organizations/tables.ts';
import { achSettings, vendorBankAccounts } from '../modules/payments/tables.ts';
import type { Tx } from '../platform/db.ts';

/**
 * ACH in the demo (decision 015): Demo Family Office originates through a demo bank, and Harper's
 * Pacific Power account is paid by ACH, so the payment-pending queue can export its bill as a NACHA file.
 * Routing numbers are real-format (checksum-valid) Federal Reserve numbers; account numbers are made up.
 */
export async function seedPayments(tx: Tx): Promise<void> {
  const [org] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, 'Demo Family Office'));
  if (!org) return;
  await tx.insert(achSettings).values({
    organizationId: org.id,
    bankRoutingNumber: '021000021',
    bankName: 'Demo Trust Bank',
    companyIdentification: '1234567890',
    companyName: 'Demo Family Off',
  });
  const harperVendors = await tx
    .select({ id: vendors.id })
    .from(vendors)
    .innerJoin(entities, eq(entities.id, vendors.entityId))
    .innerJoin(clients, eq(clients.id, entities.clientId))
    .where(and(eq(clients.name, 'Harper Household'), inArray(vendors.name, ['Pacific Power & Light'])));
  if (harperVendors.length === 0) return;
  await tx.insert(vendorBankAccounts).values(
    harperVendors.map((v) => ({
      vendorId: v.id,
      routingNumber: '011000015',
      accountNumber: '000123456789',
      accountType: 'checking' as const,
    })),
  );
}
