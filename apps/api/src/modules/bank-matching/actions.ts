import type { BankLineMatch, ReconciliationBankItems } from '@bp/contracts';
import { formatMoney } from '@bp/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ServiceContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { statementsOfReconciliation } from '../bank-feeds/index.ts';
import { billList } from '../bill-core/index.ts';
import { unclearBankLine } from '../books/index.ts';
import { clientUserList } from '../clients/index.ts';
import { auditWrite, type Tenant, vendorList } from '../entities/index.ts';
import { actionEmail, enqueueEmail } from '../notifications/index.ts';
import { openWorkflowTask } from '../tasks/index.ts';
import { userList } from '../users/index.ts';
import { reconciliationOfClient } from '../workflow/index.ts';
import { candidatesOf, unmatchedPaidBills } from './candidates.ts';
import { conflict, notFound, refused } from './errors.ts';
import { clearInBooks, lineOf, presentLines, unmatchedDebits } from './matching.ts';
import { bankDocumentRequests, bankMatches } from './tables.ts';

type Line = NonNullable<Awaited<ReturnType<typeof lineOf>>>;

async function requireLine(db: DbOrTx, tenant: Tenant, guid: string): Promise<Line> {
  const line = await lineOf(db, tenant.clientId, guid);
  if (!line) throw notFound();
  return line;
}

const presentOne = async (db: DbOrTx, tenant: Tenant, guid: string): Promise<BankLineMatch> =>
  (await presentLines(db, tenant.clientId, [await requireLine(db, tenant, guid)]))[0] as BankLineMatch;

/**
 * Staff's hand on the to-match list (decision 036): accept a proposal or pick another paid bill, undo a
 * match (the line is not matched by itself again), or ask the client for the document behind a line.
 * Each is one transaction with its audit record.
 */
export function matchActions(db: DbOrTx, publicUrl: string) {
  return {
    async accept(ctx: ServiceContext<Tenant>, lineGuid: string, billGuid: string): Promise<BankLineMatch> {
      const tenant = ctx.scope;
      await db.transaction(async (tx) => {
        const line = await requireLine(tx, tenant, lineGuid);
        if (Number(line.amount) <= 0 || line.pending)
          throw refused(
            'invalid',
            'not_a_debit',
            'Only a posted payment out of the account can match a bill.',
          );
        const [bill] = await tx
          .select({ id: billList.id, status: billList.status })
          .from(billList)
          .where(and(eq(billList.clientId, tenant.clientId), eq(billList.guid, billGuid)));
        if (!bill) throw refused('invalid', 'bill_not_found', 'Choose a paid bill of this client.');
        if (bill.status !== 'paid')
          throw refused('invalid', 'bill_not_paid', 'Only a paid bill can match a bank line.');
        const [live] = await tx
          .select({ transactionId: bankMatches.transactionId, billId: bankMatches.billId })
          .from(bankMatches)
          .where(and(isNull(bankMatches.undoneAt), inArray(bankMatches.transactionId, [line.id])));
        if (live) throw conflict('This bank line is already matched: undo it first.', 'already_matched');
        const [taken] = await tx
          .select({ id: bankMatches.id })
          .from(bankMatches)
          .where(and(isNull(bankMatches.undoneAt), eq(bankMatches.billId, bill.id)));
        if (taken) throw conflict('This bill is already matched to another bank line.', 'bill_matched');
        const pool = await unmatchedPaidBills(
          tx,
          tenant.clientId,
          line.clientInstitutionId === null ? [] : [line.clientInstitutionId],
          [Number(line.amount)],
        );
        const scored = candidatesOf({ ...line, amount: Number(line.amount) }, pool).ranked.find(
          (c) => c.id === bill.id,
        );
        await tx.insert(bankMatches).values({
          clientId: tenant.clientId,
          transactionId: line.id,
          billId: bill.id,
          score: scored?.score ?? 0,
          method: 'manual',
          matchedByUserId: ctx.userId,
        });
        const [payee] = await tx
          .select({ name: vendorList.name })
          .from(billList)
          .innerJoin(vendorList, eq(vendorList.id, billList.vendorId))
          .where(eq(billList.id, bill.id));
        await clearInBooks(tx, line, billGuid, payee?.name ?? 'the payee', ctx.userId, ctx.now);
        await auditWrite(tx, tenant, {
          action: 'bank_line_matched',
          objectType: 'bank_line',
          objectGuid: line.guid,
          changes: { bill: { before: null, after: billGuid } },
        });
      });
      return presentOne(db, tenant, lineGuid);
    },

    async undo(ctx: ServiceContext<Tenant>, lineGuid: string): Promise<BankLineMatch> {
      const tenant = ctx.scope;
      await db.transaction(async (tx) => {
        const line = await requireLine(tx, tenant, lineGuid);
        const [undone] = await tx
          .update(bankMatches)
          .set({ undoneAt: ctx.now, undoneByUserId: ctx.userId })
          .where(and(eq(bankMatches.transactionId, line.id), isNull(bankMatches.undoneAt)))
          .returning({ billId: bankMatches.billId });
        if (!undone) throw conflict('This bank line is not matched.', 'not_matched');
        // Its clearing entry reversed, the line back to uncategorised in the books (decision 037).
        if (line.bookAccountId !== null)
          await unclearBankLine(tx, {
            bookAccountId: line.bookAccountId,
            externalId: line.providerTransactionId,
            userId: ctx.userId,
            now: ctx.now,
            today: ctx.today,
          });
        const [bill] = await tx
          .select({ guid: billList.guid })
          .from(billList)
          .where(eq(billList.id, undone.billId));
        await auditWrite(tx, tenant, {
          action: 'bank_line_match_undone',
          objectType: 'bank_line',
          objectGuid: line.guid,
          changes: { bill: { before: bill?.guid ?? null, after: null } },
        });
      });
      return presentOne(db, tenant, lineGuid);
    },

    /**
     * "Request document": a reconciliation task for staff to follow, and an e-mail to the client's own
     * users (role client) naming the payment, in one transaction with the audit record.
     */
    async requestDocument(
      ctx: ServiceContext<Tenant>,
      lineGuid: string,
      message?: string,
    ): Promise<BankLineMatch> {
      const tenant = ctx.scope;
      await db.transaction(async (tx) => {
        const line = await requireLine(tx, tenant, lineGuid);
        const [asked] = await tx
          .select({ id: bankDocumentRequests.id })
          .from(bankDocumentRequests)
          .where(eq(bankDocumentRequests.transactionId, line.id));
        if (asked)
          throw conflict('A document was already requested for this bank line.', 'already_requested');
        const what = `${formatMoney(Number(line.amount))} to ${line.merchantName ?? line.name} on ${line.date}`;
        const taskId = await openWorkflowTask(tx, {
          organizationId: tenant.organizationId,
          clientId: tenant.clientId,
          type: 'reconciliation',
          title: `Document requested: ${what}`.slice(0, 300),
          dueDate: null,
          assignedOrganizationUserId: null,
          backupOrganizationUserId: null,
        });
        await tx.insert(bankDocumentRequests).values({
          clientId: tenant.clientId,
          transactionId: line.id,
          taskId,
          requestedByUserId: ctx.userId,
        });
        const people = await tx
          .select({ id: userList.id, email: userList.email, firstName: userList.firstName })
          .from(clientUserList)
          .innerJoin(userList, eq(userList.id, clientUserList.userId))
          .where(
            and(
              eq(clientUserList.clientId, tenant.clientId),
              eq(clientUserList.role, 'client'),
              eq(userList.isActive, true),
            ),
          );
        for (const person of people) {
          const email = actionEmail({
            greeting: `Hello ${person.firstName || 'there'},`,
            lines: [
              `We could not find the bill or receipt behind a payment from your account: ${what}.`,
              ...(message ? [message] : []),
              'Please send us the document (reply to this e-mail or upload it in the app).',
            ],
            actionLabel: 'Open the app',
            actionUrl: `${publicUrl}/dashboard`,
          });
          await enqueueEmail(tx, {
            userId: person.id,
            to: person.email,
            subject: 'A document is needed for a payment',
            text: email.text,
            html: email.html,
          });
        }
        await auditWrite(tx, tenant, {
          action: 'bank_line_document_requested',
          objectType: 'bank_line',
          objectGuid: line.guid,
          changes: { recipients: { before: null, after: people.length } },
        });
      });
      return presentOne(db, tenant, lineGuid);
    },

    /** The reconciliation's statements and its entity's unmatched debits of the period older than N days. */
    async reconciliationItems(
      tenant: Tenant,
      reconciliationGuid: string,
      days: number,
      today: string,
    ): Promise<ReconciliationBankItems> {
      const reconciliation = await reconciliationOfClient(db, tenant.clientId, reconciliationGuid);
      if (!reconciliation) throw notFound();
      const before = new Date(Date.parse(today) - days * 86_400_000).toISOString().slice(0, 10);
      return {
        statements: await statementsOfReconciliation(db, reconciliation.id),
        unmatched_debits: await unmatchedDebits(
          db,
          reconciliation.entityId,
          { start: reconciliation.periodStart, end: reconciliation.periodEnd },
          before,
        ),
        older_than_days: days,
      };
    },
  };
}
