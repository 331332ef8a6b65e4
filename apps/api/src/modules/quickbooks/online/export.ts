import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { type BillRow, billLineList, billList } from '../../bill-core/index.ts';
import { qboBillExports, qboConnections, qboLinks, type SyncResultItem } from '../tables.ts';
import { type QboApi, QboError } from './client.ts';

/**
 * The push half (decision 035): bills approved to payment go to QuickBooks as Bills, their recorded
 * payments as BillPayments. Exactly once: the workflow transition writes one `qbo_bill_exports` row per
 * (bill, round, kind, ordinal) in its own transaction (a repeated transition cannot add a second), a
 * worker claims the row with a lease before calling out (two workers never both send it), and the
 * row's guid is QuickBooks' `requestid`, so a call repeated after a crash between QuickBooks' answer
 * and our commit gets the first Bill back instead of a second one.
 */

/** How long a worker may hold an export before another may take it over (its call is long finished by then). */
const LEASE_MS = 5 * 60 * 1000;

/**
 * In the transition's transaction: records the export when the bill's entity has a QuickBooks connection.
 * A payment of a bill that reached payment before the connection records the bill too (it goes first).
 * Returns the ids recorded now.
 */
export async function recordBillExport(
  tx: DbOrTx,
  bill: BillRow,
  event: 'approved' | 'paid',
): Promise<number[]> {
  const [connection] = await tx
    .select({ status: qboConnections.status })
    .from(qboConnections)
    .where(eq(qboConnections.entityId, bill.entityId));
  if (!connection || connection.status === 'disconnected') return [];
  const recorded: number[] = [];
  const record = async (kind: 'bill' | 'bill_payment', ordinal: number) => {
    const [inserted] = await tx
      .insert(qboBillExports)
      .values({
        entityId: bill.entityId,
        billId: bill.id,
        round: bill.round,
        kind,
        ordinal,
        status: 'pending',
      })
      .onConflictDoNothing()
      .returning({ id: qboBillExports.id });
    if (inserted) recorded.push(inserted.id);
  };
  if (event === 'paid') await record('bill', 1);
  const kind = event === 'approved' ? 'bill' : 'bill_payment';
  let ordinal = 1;
  if (kind === 'bill_payment') {
    const [row] = await tx
      .select({ n: count() })
      .from(qboBillExports)
      .where(
        and(
          eq(qboBillExports.billId, bill.id),
          eq(qboBillExports.round, bill.round),
          eq(qboBillExports.kind, kind),
        ),
      );
    ordinal = (row?.n ?? 0) + 1;
  }
  await record(kind, ordinal);
  return recorded;
}

type ExportRow = typeof qboBillExports.$inferSelect;

/** Takes the export for this worker, or null when it is done or another worker holds it. */
async function claim(db: Db, exportId: number, now: Date): Promise<ExportRow | null> {
  const [row] = await db
    .update(qboBillExports)
    .set({
      status: 'exporting',
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      attempts: sql`${qboBillExports.attempts} + 1`,
    })
    .where(
      and(
        eq(qboBillExports.id, exportId),
        or(
          inArray(qboBillExports.status, ['pending', 'failed']),
          and(eq(qboBillExports.status, 'exporting'), lt(qboBillExports.leaseUntil, now)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

async function linked(
  db: DbOrTx,
  entityId: number,
  kind: 'vendor' | 'account' | 'class',
  localId: number | null,
) {
  if (localId === null) return null;
  const [link] = await db
    .select({ qboId: qboLinks.qboId })
    .from(qboLinks)
    .where(and(eq(qboLinks.entityId, entityId), eq(qboLinks.kind, kind), eq(qboLinks.localId, localId)));
  return link?.qboId ?? null;
}

/** Money as QuickBooks reads it: decimal dollars. */
const dollars = (cents: number) => cents / 100;

class ExportRefused extends Error {}

export const WAITING_FOR_BILL = 'Waiting for the bill to reach QuickBooks.';

async function billBody(db: Db, bill: BillRow, useClasses: boolean) {
  const vendor = await linked(db, bill.entityId, 'vendor', bill.vendorId);
  if (!vendor)
    throw new ExportRefused(
      'The bill’s vendor is not in QuickBooks: sync the vendors, or add it there first.',
    );
  const lines = await db
    .select()
    .from(billLineList)
    .where(eq(billLineList.billId, bill.id))
    .orderBy(asc(billLineList.position));
  const qboLines = [];
  for (const line of lines) {
    const account = await linked(db, bill.entityId, 'account', line.accountId);
    if (!account)
      throw new ExportRefused(
        'A line’s account is not in QuickBooks’ chart of accounts: pick an imported account.',
      );
    const klass = useClasses ? await linked(db, bill.entityId, 'class', line.divisionId) : null;
    qboLines.push({
      DetailType: 'AccountBasedExpenseLineDetail',
      Amount: dollars(line.amount),
      ...(line.memo ? { Description: line.memo } : {}),
      AccountBasedExpenseLineDetail: {
        AccountRef: { value: account },
        ...(klass ? { ClassRef: { value: klass } } : {}),
      },
    });
  }
  return {
    VendorRef: { value: vendor },
    ...(bill.invoiceDate ? { TxnDate: bill.invoiceDate } : {}),
    DueDate: bill.dueDate,
    ...(bill.invoiceNumber ? { DocNumber: bill.invoiceNumber.slice(0, 21) } : {}),
    PrivateNote: `Bill-pay bill ${bill.guid}`,
    Line: qboLines,
  };
}

export interface ExportContext {
  db: Db;
  api: QboApi;
  now: () => Date;
  useClasses: boolean;
  paymentAccountQboId: string | null;
}

/**
 * Sends one export. Returns its result line, or null when another worker has it or it is done. A
 * QuickBooks refusal is recorded with the provider's message (`failed`, retried by the next sync); an
 * error reaching QuickBooks gives the row back (`pending`) and is thrown for the job's retry.
 */
export async function exportOne(ctx: ExportContext, exportId: number): Promise<SyncResultItem | null> {
  const row = await claim(ctx.db, exportId, ctx.now());
  if (!row) return null;
  const [bill] = await ctx.db.select().from(billList).where(eq(billList.id, row.billId));
  const name = bill ? `${bill.invoiceNumber ?? bill.guid.slice(0, 8)}` : String(row.billId);
  const object = row.kind === 'bill' ? 'Bill' : 'BillPayment';
  const finish = async (fields: Partial<ExportRow>) => {
    await ctx.db
      .update(qboBillExports)
      .set({ leaseUntil: null, ...fields })
      .where(eq(qboBillExports.id, row.id));
  };
  try {
    if (!bill) throw new ExportRefused('The bill no longer exists.');
    let created: { Id: string };
    if (row.kind === 'bill') {
      created = await ctx.api.create<{ Id: string }>(
        'Bill',
        await billBody(ctx.db, bill, ctx.useClasses),
        row.guid,
      );
    } else {
      const [billExport] = await ctx.db
        .select()
        .from(qboBillExports)
        .where(
          and(
            eq(qboBillExports.billId, row.billId),
            eq(qboBillExports.kind, 'bill'),
            eq(qboBillExports.status, 'exported'),
          ),
        )
        .orderBy(asc(qboBillExports.round));
      if (!billExport?.qboId) {
        // The bill itself goes first; this payment waits for it.
        await finish({ status: 'pending' });
        return {
          object,
          qbo_id: null,
          name,
          action: 'skipped',
          message: WAITING_FOR_BILL,
        };
      }
      if (!ctx.paymentAccountQboId)
        throw new ExportRefused('Choose the QuickBooks bank account payments are drawn from.');
      const vendor = await linked(ctx.db, bill.entityId, 'vendor', bill.vendorId);
      if (!vendor) throw new ExportRefused('The bill’s vendor is not in QuickBooks: sync the vendors first.');
      created = await ctx.api.create<{ Id: string }>(
        'BillPayment',
        {
          VendorRef: { value: vendor },
          PayType: 'Check',
          CheckPayment: { BankAccountRef: { value: ctx.paymentAccountQboId } },
          TotalAmt: dollars(bill.amount),
          ...(bill.paidDate ? { TxnDate: bill.paidDate } : {}),
          ...(bill.paymentReference ? { DocNumber: bill.paymentReference.slice(0, 21) } : {}),
          Line: [{ Amount: dollars(bill.amount), LinkedTxn: [{ TxnId: billExport.qboId, TxnType: 'Bill' }] }],
        },
        row.guid,
      );
    }
    await finish({ status: 'exported', qboId: created.Id, error: null, exportedAt: ctx.now() });
    return { object, qbo_id: created.Id, name, action: 'created', message: null };
  } catch (error) {
    if (error instanceof ExportRefused || (error instanceof QboError && error.kind === 'fault')) {
      await finish({ status: 'failed', error: error.message });
      return { object, qbo_id: null, name, action: 'failed', message: error.message };
    }
    await finish({ status: 'pending' });
    throw error;
  }
}

/** Every export of the entity waiting (or failed earlier), oldest first: bills before their payments. */
export async function exportPending(ctx: ExportContext, entityId: number): Promise<SyncResultItem[]> {
  const now = ctx.now();
  const rows = await ctx.db
    .select({ id: qboBillExports.id })
    .from(qboBillExports)
    .where(
      and(
        eq(qboBillExports.entityId, entityId),
        or(
          inArray(qboBillExports.status, ['pending', 'failed']),
          and(
            eq(qboBillExports.status, 'exporting'),
            or(isNull(qboBillExports.leaseUntil), lt(qboBillExports.leaseUntil, now)),
          ),
        ),
      ),
    )
    .orderBy(asc(qboBillExports.kind), asc(qboBillExports.id));
  const results: SyncResultItem[] = [];
  for (const { id } of rows) {
    const result = await exportOne(ctx, id);
    if (result) results.push(result);
  }
  return results;
}
