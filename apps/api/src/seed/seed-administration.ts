import { eq } from 'drizzle-orm';
import { bankContacts, clientInstitutions, contacts, properties } from '../modules/client-records/tables.ts';
import { clientAssignments, clients } from '../modules/clients/tables.ts';
import {
  accounts,
  customers,
  divisions,
  entities,
  paymentTerms,
  vendors,
} from '../modules/entities/tables.ts';
import { groupPermissions, groups, groupUsers } from '../modules/groups/tables.ts';
import { parentInstitutions } from '../modules/institutions/tables.ts';
import { organizations, organizationUsers } from '../modules/organizations/tables.ts';
import { users } from '../modules/users/tables.ts';
import type { Tx } from '../platform/db.ts';

const INSTITUTIONS = ['First National Bank', 'Harbor Trust Company', 'Summit Brokerage'];
const ACCOUNT_TREE: [string, string[]][] = [
  ['Utilities', ['Electricity', 'Water', 'Internet']],
  ['Household', ['Staff Payroll', 'Maintenance']],
  ['Insurance', ['Home', 'Auto']],
];
const VENDORS = [
  { name: 'Pacific Power & Light', vendorType: 'utility', city: 'Portland', state: 'OR' },
  { name: 'Evergreen Landscaping', vendorType: 'service', city: 'Seattle', state: 'WA' },
  { name: 'Atlas Insurance Co.', vendorType: 'insurance', city: 'Hartford', state: 'CT' },
];

/** Entities, their books and people, groups and assignments for every demo client. */
export async function seedAdministration(tx: Tx): Promise<void> {
  const institutionIds: number[] = [];
  for (const name of INSTITUTIONS) {
    const [row] = await tx
      .insert(parentInstitutions)
      .values({ name })
      .returning({ id: parentInstitutions.id });
    if (row) institutionIds.push(row.id);
  }
  for (const client of await tx.select().from(clients)) {
    const household = client.name.split(' ')[0] ?? client.name;
    const [entity] = await tx
      .insert(entities)
      .values({
        clientId: client.id,
        kind: 'legal_entity',
        nickname: `${household} Holdings LLC`,
        corporateId: `EIN-${String(client.id).padStart(7, '0')}`,
        allowablePaymentThreshold: 0.05,
      })
      .returning();
    await tx
      .insert(entities)
      .values({ clientId: client.id, kind: 'private_individual', nickname: `${household} Personal` });
    if (!entity) continue;
    await tx.insert(divisions).values([
      { entityId: entity.id, name: 'Main Residence' },
      { entityId: entity.id, name: 'Lake House' },
    ]);
    for (const [parentName, children] of ACCOUNT_TREE) {
      const [parent] = await tx
        .insert(accounts)
        .values({ entityId: entity.id, name: parentName, assignableToBill: false })
        .returning({ id: accounts.id });
      await tx
        .insert(accounts)
        .values(children.map((name) => ({ entityId: entity.id, parentId: parent?.id ?? null, name })));
    }
    await tx.insert(paymentTerms).values([
      { entityId: entity.id, name: 'Net 30', dueDays: 30 },
      { entityId: entity.id, name: 'Due on receipt', dueDays: 0 },
    ]);
    await tx.insert(vendors).values(VENDORS.map((v) => ({ ...v, entityId: entity.id, country: 'US' })));
    await tx
      .insert(customers)
      .values({ entityId: entity.id, name: `${household} Rentals Tenant`, email: 'tenant@example.test' });
    await tx.insert(properties).values({
      clientId: client.id,
      entityId: entity.id,
      kind: 'primary',
      name: `${household} Residence`,
      city: 'Seattle',
      state: 'WA',
      country: 'US',
    });
    await tx.insert(contacts).values({
      clientId: client.id,
      name: `${household} Family CPA`,
      emailAddress: 'cpa@example.test',
      relation: 'cpa',
    });
    const [institution] = await tx
      .insert(clientInstitutions)
      .values({
        clientId: client.id,
        parentInstitutionId: institutionIds[0] ?? null,
        name: 'Operating account',
        accountLast4: '4821',
      })
      .returning({ id: clientInstitutions.id });
    await tx.insert(bankContacts).values({
      clientId: client.id,
      clientInstitutionId: institution?.id ?? null,
      name: 'Jordan Banker',
      title: 'Relationship Manager',
      email: 'banker@example.test',
    });
  }
  for (const org of await tx.select().from(organizations)) {
    const [group] = await tx
      .insert(groups)
      .values({ organizationId: org.id, name: 'Auditors', description: 'Read the audit history' })
      .returning({ id: groups.id });
    if (group) await tx.insert(groupPermissions).values({ groupId: group.id, slug: 'audit.view' });
    const members = await tx
      .select({ id: organizationUsers.id, teamLabel: organizationUsers.teamLabel, email: users.email })
      .from(organizationUsers)
      .innerJoin(users, eq(users.id, organizationUsers.userId))
      .where(eq(organizationUsers.organizationId, org.id));
    const orgClients = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.organizationId, org.id));
    for (const member of members) {
      if (member.teamLabel === 'Associate' && group)
        await tx.insert(groupUsers).values({ groupId: group.id, organizationUserId: member.id });
      for (const [index, client] of orgClients.entries()) {
        if (member.email === 'super@demo.test') continue;
        await tx.insert(clientAssignments).values({
          organizationUserId: member.id,
          clientId: client.id,
          kind: member.teamLabel === 'Associate' || index % 2 === 0 ? 'assigned' : 'backup',
        });
      }
    }
  }
}
