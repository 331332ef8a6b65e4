import { and, eq } from 'drizzle-orm';
import { clients } from '../modules/clients/tables.ts';
import { entities, vendors } from '../modules/entities/tables.ts';
import { organizations } from '../modules/organizations/tables.ts';
import { parentVendors } from '../modules/vendors/tables.ts';
import type { Tx } from '../platform/db.ts';

/**
 * Demo Family Office's vendor master (decision 022): parent vendors, two of them near-duplicates of
 * others (so "Similar" and Merge have something to show), and every client vendor of the same name
 * linked to its parent. Phones are 555 numbers; tax ids are made up.
 */
const PARENTS = [
  {
    name: 'Pacific Power & Light',
    taxIdNumber: '93-0256820',
    addr1: '825 NE Multnomah St',
    city: 'Portland',
    state: 'OR',
    postalCode: '97232',
    primaryPhone: '5035550110',
  },
  { name: 'Pacific Power and Light Company', taxIdNumber: '930256820', city: 'Portland', state: 'OR' },
  {
    name: 'Evergreen Landscaping',
    addr1: '410 Pine St',
    city: 'Seattle',
    state: 'WA',
    postalCode: '98101',
    primaryPhone: '2065550142',
  },
  { name: 'Evergreen Landscaping Services', addr1: '410 Pine Street', city: 'Seattle', state: 'WA' },
  { name: 'Atlas Insurance Co.', city: 'Hartford', state: 'CT', primaryPhone: '8605550175' },
];

export async function seedVendorMaster(tx: Tx): Promise<void> {
  const [org] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, 'Demo Family Office'));
  if (!org) return;
  for (const parent of PARENTS) {
    const [row] = await tx
      .insert(parentVendors)
      .values({ organizationId: org.id, ...parent })
      .returning({ id: parentVendors.id });
    if (!row) continue;
    const named = await tx
      .select({ id: vendors.id })
      .from(vendors)
      .innerJoin(entities, eq(entities.id, vendors.entityId))
      .innerJoin(clients, eq(clients.id, entities.clientId))
      .where(and(eq(clients.organizationId, org.id), eq(vendors.name, parent.name)));
    for (const vendor of named) {
      await tx.update(vendors).set({ parentVendorId: row.id }).where(eq(vendors.id, vendor.id));
    }
  }
}
