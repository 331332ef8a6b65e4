import { randomBytes, randomUUID } from 'node:crypto';
import type { QbdCompanyFile } from '@bp/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { recordAudit } from '../../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { loadXml } from '../../../platform/lazy-libraries.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { type BillRow, billList } from '../../bill-core/index.ts';
import { notFound } from '../errors.ts';
import type { EntityScope } from '../online/service.ts';
import { qbdBills, qbdCompanyFiles, qbdSessions } from '../tables.ts';

/**
 * The entity's QuickBooks Desktop company files (decision 035): each has its own Web Connector login
 * (user name, and a password kept only as an argon2id hash and shown once), a .qwc file to add it to the
 * Web Connector, the bills read from it or added to it, and its sessions.
 */

type FileRow = typeof qbdCompanyFiles.$inferSelect;
type SessionRow = typeof qbdSessions.$inferSelect;

const presentSession = (s: SessionRow) => ({
  guid: s.guid,
  status: s.status,
  counts: s.counts,
  errors: s.errors,
  last_error: s.lastError,
  started_on: s.startedAt.toISOString(),
  finished_on: s.finishedAt?.toISOString() ?? null,
});

const newPassword = () => randomBytes(18).toString('base64url');

/** In the transition's transaction: a bill reaching payment is queued for every active company file of its entity. */
export async function recordDesktopBill(tx: DbOrTx, bill: BillRow): Promise<void> {
  const files = await tx
    .select({ id: qbdCompanyFiles.id })
    .from(qbdCompanyFiles)
    .where(and(eq(qbdCompanyFiles.entityId, bill.entityId), eq(qbdCompanyFiles.isActive, true)));
  for (const file of files)
    await tx
      .insert(qbdBills)
      .values({
        companyFileId: file.id,
        billId: bill.id,
        amount: bill.amount,
        status: 'to_add',
        refNumber: bill.invoiceNumber,
        dueDate: bill.dueDate,
      })
      .onConflictDoNothing();
}

export function createCompanyFiles(deps: {
  db: Db;
  now: () => Date;
  webConnectorUrl: string;
  publicUrl: string;
}) {
  const { db } = deps;

  async function fileOf(scope: EntityScope, guid: string): Promise<FileRow> {
    const [file] = await db
      .select()
      .from(qbdCompanyFiles)
      .where(and(eq(qbdCompanyFiles.guid, guid), eq(qbdCompanyFiles.entityId, scope.entityId)));
    if (!file) throw notFound();
    return file;
  }

  async function present(file: FileRow): Promise<QbdCompanyFile> {
    const [last] = await db
      .select()
      .from(qbdSessions)
      .where(eq(qbdSessions.companyFileId, file.id))
      .orderBy(desc(qbdSessions.startedAt), desc(qbdSessions.id))
      .limit(1);
    const [bills] = await db.select({ n: count() }).from(qbdBills).where(eq(qbdBills.companyFileId, file.id));
    return {
      guid: file.guid,
      name: file.name,
      username: file.username,
      is_active: file.isActive,
      created_on: file.createdAt.toISOString(),
      bills: bills?.n ?? 0,
      last_session: last ? presentSession(last) : null,
    };
  }

  const audit = (tx: DbOrTx, scope: EntityScope, action: string, file: FileRow) =>
    recordAudit(tx, scope.actor, {
      action,
      objectType: 'quickbooks_company_file',
      objectGuid: file.guid,
      organizationId: scope.organizationId,
      clientId: scope.clientId,
    });

  return {
    async list(scope: EntityScope) {
      const files = await db
        .select()
        .from(qbdCompanyFiles)
        .where(eq(qbdCompanyFiles.entityId, scope.entityId))
        .orderBy(desc(qbdCompanyFiles.isActive), qbdCompanyFiles.name);
      return { results: await Promise.all(files.map(present)) };
    },

    async create(scope: EntityScope, input: { name: string }) {
      const password = newPassword();
      const passwordHash = await hashPassword(password);
      const file = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(qbdCompanyFiles)
          .values({
            entityId: scope.entityId,
            name: input.name,
            // Unguessable, so one file's login says nothing of another's.
            username: `qbwc-${randomBytes(6).toString('hex')}`,
            passwordHash,
            ownerId: `{${randomUUID().toUpperCase()}}`,
            fileId: `{${randomUUID().toUpperCase()}}`,
          })
          .returning();
        if (!row) throw new Error('company file insert returned nothing');
        await audit(tx, scope, 'quickbooks_company_file_created', row);
        return row;
      });
      return { ...(await present(file)), password };
    },

    async resetPassword(scope: EntityScope, guid: string) {
      const file = await fileOf(scope, guid);
      const password = newPassword();
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx
          .update(qbdCompanyFiles)
          .set({ passwordHash, isActive: true })
          .where(eq(qbdCompanyFiles.id, file.id));
        await audit(tx, scope, 'quickbooks_company_file_password_reset', file);
      });
      return { ...(await present({ ...file, isActive: true })), password };
    },

    async deactivate(scope: EntityScope, guid: string) {
      const file = await fileOf(scope, guid);
      await db.transaction(async (tx) => {
        await tx.update(qbdCompanyFiles).set({ isActive: false }).where(eq(qbdCompanyFiles.id, file.id));
        await audit(tx, scope, 'quickbooks_company_file_deactivated', file);
      });
    },

    /** The .qwc file: where the Web Connector calls, with which user name (never the password). */
    async qwc(scope: EntityScope, guid: string): Promise<{ name: string; body: string }> {
      const file = await fileOf(scope, guid);
      const { XMLBuilder } = await loadXml();
      const body = new XMLBuilder({ format: true }).build({
        QBWCXML: {
          AppName: `Bill-pay – ${file.name}`,
          AppID: '',
          AppURL: deps.webConnectorUrl,
          AppDescription: 'Reads vendors, accounts, classes and bills, and adds bills approved for payment.',
          AppSupport: `${deps.publicUrl}/support`,
          UserName: file.username,
          OwnerID: file.ownerId,
          FileID: file.fileId,
          QBType: 'QBFS',
          Scheduler: { RunEveryNMinutes: 60 },
          IsReadOnly: 'false',
        },
      }) as string;
      const safe = file.name.replace(/[^A-Za-z0-9 _-]/g, '').trim() || 'company-file';
      return { name: `${safe}.qwc`, body: `<?xml version="1.0"?>\n${body}` };
    },

    async bills(scope: EntityScope, guid: string, page: { offset: number; limit: number }) {
      const file = await fileOf(scope, guid);
      const where = eq(qbdBills.companyFileId, file.id);
      const [total] = await db.select({ n: count() }).from(qbdBills).where(where);
      const rows = await db
        .select({ row: qbdBills, billGuid: billList.guid })
        .from(qbdBills)
        .leftJoin(billList, eq(billList.id, qbdBills.billId))
        .where(where)
        .orderBy(desc(qbdBills.updatedAt), desc(qbdBills.id))
        .limit(page.limit)
        .offset(page.offset);
      return {
        count: total?.n ?? 0,
        results: rows.map(({ row, billGuid }) => ({
          guid: row.guid,
          txn_id: row.txnId,
          bill: billGuid,
          vendor_name: row.vendorName,
          ref_number: row.refNumber,
          txn_date: row.txnDate,
          due_date: row.dueDate,
          amount: row.amount,
          is_paid: row.isPaid,
          status: row.status,
          error: row.error,
        })),
      };
    },

    async sessions(scope: EntityScope, guid: string, page: { offset: number; limit: number }) {
      const file = await fileOf(scope, guid);
      const where = eq(qbdSessions.companyFileId, file.id);
      const [total] = await db.select({ n: count() }).from(qbdSessions).where(where);
      const rows = await db
        .select()
        .from(qbdSessions)
        .where(where)
        .orderBy(desc(qbdSessions.startedAt), desc(qbdSessions.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, results: rows.map(presentSession) };
    },
  };
}

export type CompanyFiles = ReturnType<typeof createCompanyFiles>;
