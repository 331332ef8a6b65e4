import type { AchExport, AchSettings, CreateAchExportRequest, VendorBankAccount } from '@bp/contracts';
import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { DomainError, invalid } from '../../platform/domain-errors.ts';
import { type Answer, runIdempotent } from '../../platform/idempotency/idempotency.ts';
import { allowedActionsOf, billColumns, billList, peopleById } from '../bill-core/index.ts';
import { applyWorkflowAction, type MoneyMoveHook } from '../bill-workflow/index.ts';
import { clientAccountByGuid, clientAccountById, paidFromAccount } from '../client-records/index.ts';
import { entityList, vendorList } from '../entities/index.ts';
import { paymentHoldsOf, recordBankAccountChange, VERIFICATION_REQUIRED } from '../vendors/index.ts';
import { type AchCredit, buildAchFile, traceNumberOf } from './ach-file.ts';
import { conflict, notFound, PaymentsError } from './errors.ts';
import { achExportBills, achExports, achSettings, vendorBankAccounts } from './tables.ts';

type ExportRow = typeof achExports.$inferSelect;

/** ACH origination, vendors' bank accounts and NACHA exports (docs/decisions/015-recording-payments.md). */
export function createPaymentService(deps: AppDeps, hooks: { moneyMoved?: MoneyMoveHook } = {}) {
  const { db } = deps.database;

  async function settingsOf(reader: DbOrTx, organizationId: number) {
    const [row] = await reader
      .select()
      .from(achSettings)
      .where(eq(achSettings.organizationId, organizationId));
    return row ?? null;
  }

  async function getSettings(organizationId: number): Promise<AchSettings> {
    const row = await settingsOf(db, organizationId);
    if (!row) throw notFound("The organisation's ACH origination is not set up yet.");
    return {
      bank_routing_number: row.bankRoutingNumber,
      bank_name: row.bankName,
      company_identification: row.companyIdentification,
      company_name: row.companyName,
    };
  }

  async function putSettings(actor: AuditActor, organizationId: number, input: AchSettings) {
    const values = {
      bankRoutingNumber: input.bank_routing_number,
      bankName: input.bank_name,
      companyIdentification: input.company_identification,
      companyName: input.company_name,
      updatedAt: deps.now(),
    };
    await db.transaction(async (tx) => {
      const before = await settingsOf(tx, organizationId);
      await tx
        .insert(achSettings)
        .values({ organizationId, ...values })
        .onConflictDoUpdate({ target: achSettings.organizationId, set: values });
      await recordAudit(tx, actor, {
        action: 'ach_settings_changed',
        objectType: 'organization',
        organizationId,
        changes: {
          bank_routing_number: {
            before: before?.bankRoutingNumber ?? null,
            after: input.bank_routing_number,
          },
          company_identification: {
            before: before?.companyIdentification ?? null,
            after: input.company_identification,
          },
        },
      });
    });
    return getSettings(organizationId);
  }

  /** A vendor of one of the client's entities, or 404. */
  async function vendorOf(scope: ClientScope, vendorGuid: string) {
    const [row] = await db
      .select({ id: vendorList.id, guid: vendorList.guid, name: vendorList.name })
      .from(vendorList)
      .innerJoin(entityList, eq(entityList.id, vendorList.entityId))
      .where(and(eq(vendorList.guid, vendorGuid), eq(entityList.clientId, scope.id)));
    if (!row) throw notFound();
    return row;
  }

  async function getBankAccount(scope: ClientScope, vendorGuid: string): Promise<VendorBankAccount> {
    const vendor = await vendorOf(scope, vendorGuid);
    const [row] = await db
      .select()
      .from(vendorBankAccounts)
      .where(eq(vendorBankAccounts.vendorId, vendor.id));
    if (!row) throw notFound('This vendor has no bank account for ACH payments.');
    return {
      routing_number: row.routingNumber,
      account_number: row.accountNumber,
      account_type: row.accountType,
    };
  }

  async function putBankAccount(
    actor: AuditActor,
    scope: ClientScope,
    vendorGuid: string,
    input: VendorBankAccount,
  ): Promise<VendorBankAccount> {
    const vendor = await vendorOf(scope, vendorGuid);
    const values = {
      routingNumber: input.routing_number,
      accountNumber: input.account_number,
      accountType: input.account_type,
      updatedAt: deps.now(),
    };
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(vendorBankAccounts)
        .where(eq(vendorBankAccounts.vendorId, vendor.id))
        .for('update');
      const replaced =
        before !== undefined &&
        (before.routingNumber !== input.routing_number || before.accountNumber !== input.account_number);
      // Replacing the account is a payment-detail change: payment waits for a call-back (decision 022).
      if (actor.actorUserId !== null && (replaced || !before)) {
        await recordBankAccountChange(tx, {
          organizationId: scope.organizationId,
          vendorId: vendor.id,
          userId: actor.actorUserId,
          replaced,
          routingNumber: input.routing_number,
          accountLast4: input.account_number.slice(-4),
          at: deps.now(),
        });
      }
      await tx
        .insert(vendorBankAccounts)
        .values({ vendorId: vendor.id, ...values })
        .onConflictDoUpdate({ target: vendorBankAccounts.vendorId, set: values });
      // The account number is not written to the audit trail: its last four digits are enough to tell.
      await recordAudit(tx, actor, {
        action: 'vendor_bank_account_changed',
        objectType: 'vendor',
        objectGuid: vendor.guid,
        organizationId: scope.organizationId,
        clientId: scope.id,
        changes: {
          routing_number: { before: before?.routingNumber ?? null, after: input.routing_number },
          account_last4: {
            before: before?.accountNumber.slice(-4) ?? null,
            after: input.account_number.slice(-4),
          },
        },
      });
    });
    return getBankAccount(scope, vendorGuid);
  }

  async function present(reader: DbOrTx, row: ExportRow, missing: string[] = []): Promise<AchExport> {
    const lines = await reader
      .select({
        guid: billList.guid,
        amount: billList.amount,
        vendor: vendorList.name,
        trace: achExportBills.traceNumber,
      })
      .from(achExportBills)
      .innerJoin(billList, eq(billList.id, achExportBills.billId))
      .innerJoin(vendorList, eq(vendorList.id, billList.vendorId))
      .where(eq(achExportBills.exportId, row.id))
      .orderBy(asc(achExportBills.position));
    const account = row.paidFromInstitutionId
      ? await paidFromAccount(reader, row.paidFromInstitutionId)
      : null;
    const people = await peopleById(reader, [row.createdByUserId]);
    return {
      guid: row.guid,
      batch_reference: row.batchReference,
      effective_date: row.effectiveDate,
      entry_count: row.entryCount,
      total_amount: row.totalAmount,
      paid_from_account: account ?? null,
      bills: lines.map((l) => ({ guid: l.guid, trace_number: l.trace, amount: l.amount, vendor: l.vendor })),
      missing_bank_account: missing,
      created_on: row.createdAt.toISOString(),
      created_by: row.createdByUserId ? (people.get(row.createdByUserId) ?? null) : null,
      recorded_on: row.recordedAt?.toISOString() ?? null,
    };
  }

  /**
   * A NACHA file of the client's ACH bills waiting in payment_pending that this staff member may pay,
   * leaving out bills already in an export whose payments are not recorded yet (so nothing is sent twice
   * by accident) and bills whose vendor has no bank account (listed in the answer).
   */
  async function createExport(
    ctx: ServiceContext<ClientScope>,
    input: CreateAchExportRequest,
  ): Promise<AchExport> {
    const { userId, scope } = ctx;
    return db.transaction(async (tx) => {
      const settings = await settingsOf(tx, scope.organizationId);
      if (!settings) throw conflict("Set up the organisation's ACH origination (bank and company) first.");
      const institution = await clientAccountByGuid(tx, scope.id, input.paid_from_account);
      if (!institution) throw invalid('paid_from_account', "Choose one of the client's accounts.");
      const pendingExports = tx
        .select({ billId: achExportBills.billId })
        .from(achExportBills)
        .innerJoin(achExports, eq(achExports.id, achExportBills.exportId))
        .where(isNull(achExports.recordedAt));
      const candidates = await tx
        .select()
        .from(billList)
        .where(
          and(
            eq(billList.clientId, scope.id),
            eq(billList.status, 'payment_pending'),
            eq(billList.paymentMethod, 'ach'),
            notInArray(billList.id, pendingExports),
          ),
        )
        .orderBy(asc(billList.dueDate), asc(billList.id))
        .for('update');
      const allowed = await allowedActionsOf(tx, candidates, () => ({ userId, client: scope }));
      const allowedNow = candidates.filter((b) => allowed.get(b.id)?.record_payment);
      // Payees whose changed details await a call-back verification are left out (decision 022).
      const holds = await paymentHoldsOf(
        tx,
        allowedNow.map((b) => b.vendorId),
      );
      const payable = allowedNow.filter((b) => !holds.has(b.vendorId));
      const [held] = holds.values();
      const accounts =
        payable.length === 0
          ? []
          : await tx
              .select({
                vendorId: vendorBankAccounts.vendorId,
                account: vendorBankAccounts,
                name: vendorList.name,
              })
              .from(vendorBankAccounts)
              .innerJoin(vendorList, eq(vendorList.id, vendorBankAccounts.vendorId))
              .where(inArray(vendorBankAccounts.vendorId, [...new Set(payable.map((b) => b.vendorId))]));
      const byVendor = new Map(accounts.map((a) => [a.vendorId, a]));
      const ready = payable.filter((b) => byVendor.has(b.vendorId));
      const missing = payable.filter((b) => !byVendor.has(b.vendorId)).map((b) => b.guid);
      if (ready.length === 0) {
        if (held) throw conflict(held, VERIFICATION_REQUIRED);
        throw conflict(
          missing.length > 0
            ? 'The ACH payments waiting here have vendors without a bank account: add their bank accounts first.'
            : 'No approved ACH payments of this client wait to be sent.',
        );
      }
      // Trace sequences continue over the organisation's exports, so each entry's trace number is unique.
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(achExportBills)
        .innerJoin(achExports, eq(achExports.id, achExportBills.exportId))
        .where(eq(achExports.organizationId, scope.organizationId));
      const [exportsSoFar] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(achExports)
        .where(eq(achExports.organizationId, scope.organizationId));
      const start = (used?.n ?? 0) + 1;
      const credits: AchCredit[] = ready.map((bill, i) => {
        const found = byVendor.get(bill.vendorId);
        if (!found) throw new Error('vendor account vanished');
        return {
          routingNumber: found.account.routingNumber,
          accountNumber: found.account.accountNumber,
          accountType: found.account.accountType,
          amount: bill.amount,
          payee: found.name,
          idNumber: bill.invoiceNumber ?? bill.guid.slice(0, 15),
          traceNumber: traceNumberOf(settings.bankRoutingNumber, start + i),
        };
      });
      const fileText = await buildAchFile(settings, credits, input.effective_date);
      const now = ctx.now;
      const batchReference = `ACH-${ctx.today.replaceAll('-', '')}-${(exportsSoFar?.n ?? 0) + 1}`;
      const [row] = await tx
        .insert(achExports)
        .values({
          organizationId: scope.organizationId,
          clientId: scope.id,
          paidFromInstitutionId: institution.id,
          batchReference,
          effectiveDate: input.effective_date,
          entryCount: credits.length,
          totalAmount: ready.reduce((sum, b) => sum + b.amount, 0),
          fileText,
          createdByUserId: userId,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('export not stored');
      await tx.insert(achExportBills).values(
        ready.map((bill, i) => ({
          exportId: row.id,
          billId: bill.id,
          position: i + 1,
          traceNumber: credits[i]?.traceNumber ?? '',
        })),
      );
      await recordAudit(tx, ctx.actor, {
        action: 'ach_exported',
        objectType: 'ach_export',
        objectGuid: row.guid,
        organizationId: scope.organizationId,
        clientId: scope.id,
        changes: {
          bills: { before: null, after: ready.map((b) => b.guid) },
          total_amount: { before: null, after: row.totalAmount },
        },
      });
      return present(tx, row, missing);
    });
  }

  async function exportOf(reader: DbOrTx, scope: ClientScope, exportGuid: string, forUpdate = false) {
    const query = reader
      .select()
      .from(achExports)
      .where(and(eq(achExports.guid, exportGuid), eq(achExports.clientId, scope.id)));
    const [row] = forUpdate ? await query.for('update') : await query;
    if (!row) throw notFound();
    return row;
  }

  async function listExports(scope: ClientScope): Promise<AchExport[]> {
    const rows = await db
      .select()
      .from(achExports)
      .where(eq(achExports.clientId, scope.id))
      .orderBy(desc(achExports.createdAt), desc(achExports.id))
      .limit(100);
    return Promise.all(rows.map((row) => present(db, row)));
  }

  async function fileOf(scope: ClientScope, exportGuid: string) {
    const row = await exportOf(db, scope, exportGuid);
    return { name: `${row.batchReference}.ach`, text: row.fileText };
  }

  /**
   * Records the payment of every bill of an export in one transaction (all or none): the payment date
   * given, the export's account, each bill's trace number as its reference. A bill that can no longer be
   * paid (reversed, rejected meanwhile) refuses the whole step with its reason.
   */
  async function recordExportPayments(
    ctx: ServiceContext<ClientScope>,
    exportGuid: string,
    paymentDate: string,
  ): Promise<Answer> {
    const { userId, scope, now } = ctx;
    const context = {
      caller: { userId, client: scope },
      actor: ctx.actor,
      now,
      today: ctx.today,
      moneyMoved: hooks.moneyMoved,
    };
    return runIdempotent(db, ctx.idempotency, now, async (tx) => {
      const row = await exportOf(tx, scope, exportGuid, true);
      if (row.recordedAt) throw conflict("This export's payments are already recorded.");
      const institution = row.paidFromInstitutionId
        ? await clientAccountById(tx, row.paidFromInstitutionId)
        : undefined;
      if (!institution)
        throw conflict("The export's account no longer exists; record the payments one by one.");
      const lines = await tx
        .select({ bill: billColumns, trace: achExportBills.traceNumber })
        .from(achExportBills)
        .innerJoin(billList, eq(billList.id, achExportBills.billId))
        .where(eq(achExportBills.exportId, row.id))
        .orderBy(asc(billList.id))
        // Locks the bills (inside bill-core's billList) and the export's own lines, already held by its lock.
        .for('update');
      for (const line of lines) {
        try {
          await applyWorkflowAction(
            tx,
            line.bill,
            {
              action: 'record_payment',
              payment_date: paymentDate,
              paid_from_account: institution.guid,
              reference: line.trace,
            },
            context,
          );
        } catch (error) {
          // Name the bill that stopped the step, so staff know which one to look at.
          if (error instanceof DomainError) {
            const label = line.bill.invoiceNumber ?? line.bill.guid;
            throw new PaymentsError(error.kind, error.code, `${label}: ${error.detail}`);
          }
          throw error;
        }
      }
      await tx
        .update(achExports)
        .set({ recordedAt: now, recordedByUserId: userId })
        .where(eq(achExports.id, row.id));
      await recordAudit(tx, context.actor, {
        action: 'ach_export_payments_recorded',
        objectType: 'ach_export',
        objectGuid: row.guid,
        organizationId: scope.organizationId,
        clientId: scope.id,
        changes: { payment_date: { before: null, after: paymentDate } },
      });
      const [after] = await tx.select().from(achExports).where(eq(achExports.id, row.id));
      return { status: 200, body: await present(tx, after ?? row) };
    });
  }

  return {
    getSettings,
    putSettings,
    getBankAccount,
    putBankAccount,
    createExport,
    listExports,
    fileOf,
    recordExportPayments,
  };
}
