import { count } from 'drizzle-orm';
import { clientReferrers, clients, clientUsers } from '../modules/clients/tables.ts';
import { organizations, organizationUsers } from '../modules/organizations/tables.ts';
import { userFeatures, users } from '../modules/users/tables.ts';
import type { Db } from '../platform/db.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { FileStorage } from '../platform/storage.ts';
import { DEMO_PASSWORD, demoAccounts, demoClients, demoOrganizations, demoReferrers } from './demo-data.ts';
import { seedAdministration } from './seed-administration.ts';
import { seedBills } from './seed-bills.ts';
import { seedCommitments } from './seed-commitments.ts';
import { seedInbox } from './seed-inbox.ts';
import { seedPayments } from './seed-payments.ts';
import { seedPractice } from './seed-practice.ts';
import { seedReports } from './seed-reports.ts';
import { seedVendorMaster } from './seed-vendors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** True when the database holds no user yet (a new data folder). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Loads the demo organisations, clients and accounts in one transaction. `practice` adds the demo
 * practice (seed-practice.ts): what `npm start` and the browser tests load; the API tests leave it out
 * to stay small and fast, except the tests of the practice itself.
 */
export async function seedDemoData(
  db: Db,
  now: Date = new Date(),
  options: { practice?: boolean; storage?: FileStorage } = {},
): Promise<void> {
  // Every demo account shares one password, so one hash serves them all.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const orgIds = new Map<string, number>();
    for (const org of demoOrganizations) {
      const [row] = await tx
        .insert(organizations)
        .values({ name: org.name, passwordExpiryDays: org.passwordExpiryDays })
        .returning({ id: organizations.id });
      orgIds.set(org.key, row?.id ?? 0);
    }
    const referrerIds = new Map<string, number>();
    for (const ref of demoReferrers) {
      const [row] = await tx
        .insert(clientReferrers)
        .values({
          name: ref.name,
          whiteLabelEnabled: ref.whiteLabelEnabled,
          newsEnabled: ref.newsEnabled,
          exploreServicesEnabled: ref.exploreServicesEnabled,
          options: ref.options,
        })
        .returning({ id: clientReferrers.id });
      referrerIds.set(ref.key, row?.id ?? 0);
    }
    const clientIds = new Map<string, number>();
    for (const c of demoClients) {
      const [row] = await tx
        .insert(clients)
        .values({
          organizationId: orgIds.get(c.org) ?? 0,
          name: c.name,
          service: c.service,
          isOnboardingCompleted: c.onboarded,
          clientReferrerId: 'referrer' in c ? (referrerIds.get(c.referrer) ?? null) : null,
          primaryContact: c.name.split(' ')[0] ?? null,
          bpFfAmount: c.service === 'bill_pay' ? 25_000 : 0,
          foaFfAmount: c.service === 'family_office_accounting' ? 75_000 : 0,
        })
        .returning({ id: clients.id });
      clientIds.set(c.key, row?.id ?? 0);
    }
    for (const account of demoAccounts) {
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash,
          passwordSetAt: new Date(now.getTime() - (account.passwordAgeDays ?? 1) * DAY_MS),
          firstName: account.firstName,
          lastName: account.lastName,
          type: account.type,
          staff: account.staff ?? null,
          service: account.service ?? null,
          advisorDashboardEnabled: account.advisorDashboard ?? false,
          foaDashboardEnabled: account.foaDashboard ?? false,
          acceptedTermsAt: account.type === 'bporg' || account.acceptedTerms ? now : null,
          createdAt: new Date(now.getTime() - 365 * DAY_MS),
        })
        .returning({ id: users.id });
      const userId = user?.id ?? 0;
      for (const m of account.orgs ?? []) {
        await tx
          .insert(organizationUsers)
          .values({ organizationId: orgIds.get(m.org) ?? 0, userId, role: m.role, teamLabel: m.teamLabel });
      }
      for (const c of account.clients ?? []) {
        await tx.insert(clientUsers).values({
          clientId: clientIds.get(c.client) ?? 0,
          userId,
          role: c.role,
          clientRelation: c.relation,
        });
      }
      for (const featureName of account.features ?? []) {
        await tx.insert(userFeatures).values({ userId, featureName });
      }
    }
    await seedAdministration(tx);
    await seedBills(tx, now);
    await seedCommitments(tx, now);
    await seedPayments(tx);
    await seedInbox(tx, now, options.storage);
    await seedReports(tx, now, options.storage);
    if (options.practice) await seedPractice(tx, now, passwordHash);
    // After the practice, so its clients' vendors link to the parent vendors of the same name too.
    await seedVendorMaster(tx);
  });
}
