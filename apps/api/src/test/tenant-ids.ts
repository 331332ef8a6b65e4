import { and, asc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { bankFeedAccounts, bankFeedItems, bankFeedTransactions } from '../modules/bank-feeds/tables.ts';
import { billAttachments, bills } from '../modules/bill-core/tables.ts';
import { billMessages } from '../modules/bill-messages/tables.ts';
import {
  bookBankLines,
  bookFeederBatches,
  bookFeederRules,
  bookPipelines,
  bookTemplateGroups,
  bookTemplates,
  journalEntries,
} from '../modules/books/tables.ts';
import {
  bankContacts,
  clientInstitutions,
  contacts,
  documents,
  properties,
} from '../modules/client-records/tables.ts';
import { clientReferrers, clients, clientUsers } from '../modules/clients/tables.ts';
import { commitmentInstances, commitments } from '../modules/commitments/tables.ts';
import {
  accounts,
  customers,
  divisions,
  entities,
  paymentTerms,
  vendors,
} from '../modules/entities/tables.ts';
import { groups } from '../modules/groups/tables.ts';
import { inboxEmailAttachments, inboxEmails } from '../modules/inbox/tables.ts';
import { onboardingTaxForms } from '../modules/onboarding/tables.ts';
import { organizations, organizationUsers } from '../modules/organizations/tables.ts';
import { achExports } from '../modules/payments/tables.ts';
import { qbdCompanyFiles, qboSyncs } from '../modules/quickbooks/tables.ts';
import { reportFiles, reports } from '../modules/reports/tables.ts';
import { tasks } from '../modules/tasks/tables.ts';
import { users } from '../modules/users/tables.ts';
import { parentVendors } from '../modules/vendors/tables.ts';
import { reconciliations, reportReminders, taskRules } from '../modules/workflow/tables.ts';
import type { Db } from '../platform/db.ts';
import { jobProgress } from '../platform/jobs/tables.ts';

/**
 * Path parameter name → a guid of one of Demo Family Office's objects, for walking every route as
 * another tenant. A route with a parameter missing here fails the walk: add the name when you add it.
 */
export async function demoFamilyOfficeIds(
  db: Db,
  options: { clientName?: string } = {},
): Promise<Record<string, string>> {
  const [org] = await db.select().from(organizations).where(eq(organizations.name, 'Demo Family Office'));
  if (!org) throw new Error('Demo Family Office is not seeded');
  const [client] = await db
    .select()
    .from(clients)
    .where(
      options.clientName
        ? and(eq(clients.organizationId, org.id), eq(clients.name, options.clientName))
        : eq(clients.organizationId, org.id),
    )
    .orderBy(asc(clients.id));
  if (!client) throw new Error('no client');
  const [entity] = await db
    .select()
    .from(entities)
    .where(eq(entities.clientId, client.id))
    .orderBy(asc(entities.id));
  const firstGuid = async (table: PgTable & { guid: PgColumn }, where: SQL | undefined) => {
    const [row] = await db.select({ guid: table.guid }).from(table).where(where).limit(1);
    return row?.guid as string | undefined;
  };
  const [staff] = await db
    .select({ guid: users.guid })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(and(eq(organizationUsers.organizationId, org.id), eq(users.email, 'manager@demo.test')));
  const entityId = entity?.id ?? -1;
  const [commitment] = await db
    .select({ id: commitments.id })
    .from(commitments)
    .where(eq(commitments.clientId, client.id))
    .orderBy(asc(commitments.id))
    .limit(1);
  const values: Record<string, string | undefined> = {
    orgGuid: org.guid,
    organizationGuid: org.guid,
    clientGuid: client.guid,
    billGuid: await firstGuid(bills, eq(bills.clientId, client.id)),
    // A file on one of the walked client's bills (none is seeded: the fallback id is a 404 all the same).
    attachmentGuid: await firstGuid(
      billAttachments,
      inArray(
        billAttachments.billId,
        db.select({ id: bills.id }).from(bills).where(eq(bills.clientId, client.id)),
      ),
    ),
    entityGuid: entity?.guid,
    guid: staff?.guid,
    userGuid: staff?.guid,
    clientUserGuid: await firstGuid(clientUsers, eq(clientUsers.clientId, client.id)),
    groupGuid: await firstGuid(groups, eq(groups.organizationId, org.id)),
    divisionGuid: await firstGuid(divisions, eq(divisions.entityId, entityId)),
    accountGuid: await firstGuid(accounts, eq(accounts.entityId, entityId)),
    paymentTermGuid: await firstGuid(paymentTerms, eq(paymentTerms.entityId, entityId)),
    vendorGuid: await firstGuid(vendors, eq(vendors.entityId, entityId)),
    customerGuid: await firstGuid(customers, eq(customers.entityId, entityId)),
    propertyGuid: await firstGuid(properties, eq(properties.clientId, client.id)),
    contactGuid: await firstGuid(contacts, eq(contacts.clientId, client.id)),
    institutionGuid: await firstGuid(clientInstitutions, eq(clientInstitutions.clientId, client.id)),
    bankContactGuid: await firstGuid(bankContacts, eq(bankContacts.clientId, client.id)),
    documentGuid: await firstGuid(documents, eq(documents.clientId, client.id)),
    messageGuid: await firstGuid(billMessages, eq(billMessages.clientId, client.id)),
    // An e-mail in the walked client's pre-bill inbox (the demo seed files one) and a file of it.
    emailGuid: await firstGuid(inboxEmails, eq(inboxEmails.clientId, client.id)),
    inboxAttachmentGuid: await firstGuid(
      inboxEmailAttachments,
      inArray(
        inboxEmailAttachments.emailId,
        db.select({ id: inboxEmails.id }).from(inboxEmails).where(eq(inboxEmails.clientId, client.id)),
      ),
    ),
    // A NACHA export of the walked client (none is seeded: the fallback id is a 404 all the same).
    exportGuid: await firstGuid(achExports, eq(achExports.clientId, client.id)),
    // A report of the walked client and a file of it (reports.test.ts makes them; else the fallback id).
    reportGuid: await firstGuid(reports, eq(reports.clientId, client.id)),
    reportFileGuid: await firstGuid(
      reportFiles,
      inArray(
        reportFiles.reportId,
        db.select({ id: reports.id }).from(reports).where(eq(reports.clientId, client.id)),
      ),
    ),
    referrerGuid: await firstGuid(clientReferrers, isNotNull(clientReferrers.id)),
    // commitmentId is numeric (SPEC routes). Zero-padded (the route reads 000000000007 as 7) so the walk's
    // check that no answer contains an id of Demo Family Office is not tripped by any "7" in a body.
    commitmentId: String(commitment?.id ?? 999_999_999).padStart(12, '0'),
    instanceGuid: await firstGuid(
      commitmentInstances,
      eq(commitmentInstances.commitmentId, commitment?.id ?? -1),
    ),
    // A job sent for one of Demo Family Office's people (GET v1/jobs/{jobId}); jobs.test.ts sends them.
    jobId: (
      await db
        .select({ id: jobProgress.jobId })
        .from(jobProgress)
        .innerJoin(organizationUsers, eq(organizationUsers.userId, jobProgress.requestedByUserId))
        .where(eq(organizationUsers.organizationId, org.id))
        .limit(1)
    )[0]?.id,
    // The parent institution list is shared by every organisation: no tenant owns an entry, so the walk
    // has no Demo Family Office id for it and uses an unknown one (the fallback below), which is a 404.
    parentInstitutionGuid: undefined,
    parentVendorGuid: await firstGuid(parentVendors, eq(parentVendors.organizationId, org.id)),
    // A report reminder of the walked client (none is seeded: the fallback id is a 404 all the same).
    reminderGuid: await firstGuid(reportReminders, eq(reportReminders.clientId, client.id)),
    // A task of the organisation (a bill step's task once a test entered a bill; else the fallback).
    taskGuid: await firstGuid(tasks, eq(tasks.organizationId, org.id)),
    // A task rule of the walked client (none is seeded: the fallback id is a 404 all the same).
    taskRuleGuid: await firstGuid(taskRules, eq(taskRules.clientId, client.id)),
    // A reconciliation of the walked client (none is seeded: the fallback id is a 404 all the same).
    reconciliationGuid: await firstGuid(reconciliations, eq(reconciliations.clientId, client.id)),
    // An onboarding tax form of the walked client (onboarding.test.ts makes one; else the fallback).
    taxFormGuid: await firstGuid(onboardingTaxForms, eq(onboardingTaxForms.clientId, client.id)),
    // A push device token (DELETE v1/notifications/devices/{token}) is the caller's own or a 404: none is seeded.
    token: undefined,
    // A two-factor method name ({method} of /v1/auth/mfa/...): not a tenant's object; an unknown one is a 404.
    method: undefined,
    // A journal entry of the walked client's first entity (books.test.ts posts some; else the fallback).
    entryGuid: await firstGuid(journalEntries, eq(journalEntries.entityId, entityId)),
    // Bank feeds of the walked client (bank-feeds.test.ts links some; else the fallback id).
    itemGuid: await firstGuid(bankFeedItems, eq(bankFeedItems.clientId, client.id)),
    feedAccountGuid: await firstGuid(bankFeedAccounts, eq(bankFeedAccounts.clientId, client.id)),
    transactionGuid: await firstGuid(bankFeedTransactions, eq(bankFeedTransactions.clientId, client.id)),
    // A mailbox of the mail-scan service is the provider's id, not a tenant's guid: an unknown one.
    mailboxId: 'mailbox-unknown',
    // Books' bank lines, feeder rules and batches, templates and pipelines of that entity
    // (books-feeder.test.ts makes them; else the fallback id).
    bankLineGuid: await firstGuid(bookBankLines, eq(bookBankLines.entityId, entityId)),
    feederRuleGuid: await firstGuid(bookFeederRules, eq(bookFeederRules.entityId, entityId)),
    batchGuid: await firstGuid(bookFeederBatches, eq(bookFeederBatches.entityId, entityId)),
    templateGuid: await firstGuid(bookTemplates, eq(bookTemplates.entityId, entityId)),
    templateGroupGuid: await firstGuid(bookTemplateGroups, eq(bookTemplateGroups.entityId, entityId)),
    pipelineGuid: await firstGuid(bookPipelines, eq(bookPipelines.entityId, entityId)),
    // A books report's name ({report} of .../reports/{report}/export): not an id; the client is the tenant.
    report: 'trial',
    // A month of an entity's books (DELETE .../closed-periods/{month}): not an id; the entity is the tenant.
    month: '2026-01',
    // A QuickBooks sync and a Desktop company file of the walked entity (none is seeded: the fallback).
    syncGuid: await firstGuid(qboSyncs, eq(qboSyncs.entityId, entityId)),
    companyFileGuid: await firstGuid(qbdCompanyFiles, eq(qbdCompanyFiles.entityId, entityId)),
  };
  // Objects a test has not created yet still get a well-formed id: the answer must be 404 all the same.
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v ?? '00000000-0000-4000-8000-00000000dead']),
  ) as Record<string, string>;
}
