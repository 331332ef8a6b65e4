import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { billColumns, billLineList, billList } from '../../bill-core/index.ts';
import { clientList } from '../../clients/index.ts';
import {
  accountList,
  divisionList,
  entityList,
  findImportTarget,
  importListRecord,
  importVendor,
  type Tenant,
  type VendorWriteHook,
  vendorList,
} from '../../entities/index.ts';
import { qbdBills, type qbdCompanyFiles, qbdLinks } from '../tables.ts';
import { type BillToAdd, centsOf, type QbxmlResponse, type QueryKind, textOf } from './qbxml.ts';

export type FileRow = typeof qbdCompanyFiles.$inferSelect;

/**
 * What a Web Connector session reads from and writes to our side (decision 035): the file's entity and
 * client, the bills waiting to be added, and the vendors, accounts, classes and bills read from the file.
 */
export function companyFileData(deps: { db: Db; vendorHook: VendorWriteHook; now: () => Date }) {
  const { db, now } = deps;

  async function tenantOfFile(
    file: FileRow,
  ): Promise<{ tenant: Tenant; entityId: number; classes: boolean }> {
    const [row] = await db
      .select({
        entityId: entityList.id,
        classes: entityList.isQboClass,
        clientId: clientList.id,
        clientGuid: clientList.guid,
        organizationId: clientList.organizationId,
      })
      .from(entityList)
      .innerJoin(clientList, eq(clientList.id, entityList.clientId))
      .where(eq(entityList.id, file.entityId));
    if (!row) throw new Error('company file without entity');
    return {
      entityId: row.entityId,
      classes: row.classes,
      tenant: {
        clientId: row.clientId,
        clientGuid: row.clientGuid,
        organizationId: row.organizationId,
        via: 'staff',
        clientUserId: null,
        clientRole: null,
        permissions: new Set(),
        actor: { actorUserId: null, maskedByUserId: null, requestId: null, ipAddress: null },
      },
    };
  }

  /** Bills of the entity waiting to be added to this file, read into the qbXML request. */
  async function billsToAdd(file: FileRow): Promise<BillToAdd[]> {
    const rows = await db
      .select({ qbd: qbdBills, bill: billColumns })
      .from(qbdBills)
      .innerJoin(billList, eq(billList.id, qbdBills.billId))
      .where(and(eq(qbdBills.companyFileId, file.id), inArray(qbdBills.status, ['to_add', 'failed'])))
      .orderBy(asc(qbdBills.id));
    const links = await db.select().from(qbdLinks).where(eq(qbdLinks.companyFileId, file.id));
    const listIdOf = (kind: 'vendor' | 'account' | 'class', localId: number | null) =>
      links.find((l) => l.kind === kind && l.localId === localId)?.listId ?? null;
    const out: BillToAdd[] = [];
    for (const { qbd, bill } of rows) {
      const [vendor] = await db
        .select({ name: vendorList.name })
        .from(vendorList)
        .where(eq(vendorList.id, bill.vendorId));
      const lines = await db
        .select({
          accountId: billLineList.accountId,
          amount: billLineList.amount,
          memo: billLineList.memo,
          accountName: accountList.name,
          className: divisionList.name,
        })
        .from(billLineList)
        .leftJoin(accountList, eq(accountList.id, billLineList.accountId))
        .leftJoin(divisionList, eq(divisionList.id, billLineList.divisionId))
        .where(eq(billLineList.billId, bill.id))
        .orderBy(asc(billLineList.position));
      out.push({
        requestId: String(qbd.id),
        externalGuid: bill.guid,
        vendor: { listId: listIdOf('vendor', bill.vendorId), name: vendor?.name ?? '' },
        txnDate: bill.invoiceDate,
        dueDate: bill.dueDate,
        refNumber: bill.invoiceNumber,
        memo: `Bill-pay bill ${bill.guid}`,
        lines: lines.map((line) => ({
          account: {
            listId: listIdOf('account', line.accountId),
            name: line.accountName ?? 'Uncategorized Expense',
          },
          amountCents: line.amount,
          memo: line.memo,
          className: line.className,
        })),
      });
    }
    return out;
  }

  /** Saves a query page's objects into the entity's lists, each with its link to the file's ListID. */
  async function saveQueryPage(file: FileRow, kind: QueryKind, response: QbxmlResponse) {
    const { tenant, entityId } = await tenantOfFile(file);
    for (const ret of response.rets) {
      if (kind === 'Bill') {
        await saveBill(file, ret);
        continue;
      }
      const listId = textOf(ret.ListID);
      const name = textOf(ret.FullName) ?? textOf(ret.Name);
      if (!listId || !name) continue;
      const linkKind = kind === 'Vendor' ? 'vendor' : kind === 'Account' ? 'account' : 'class';
      await db.transaction(async (tx) => {
        const [link] = await tx
          .select()
          .from(qbdLinks)
          .where(
            and(
              eq(qbdLinks.companyFileId, file.id),
              eq(qbdLinks.kind, linkKind),
              eq(qbdLinks.listId, listId),
            ),
          );
        const isActive = textOf(ret.IsActive) !== 'false';
        const local =
          link?.localId ??
          (await findImportTarget(tx, linkKind === 'class' ? 'division' : linkKind, entityId, name));
        const address = (ret.VendorAddress ?? {}) as Record<string, unknown>;
        const result =
          linkKind === 'vendor'
            ? await importVendor(tx, tenant, deps.vendorHook, entityId, local, {
                name,
                addr1: textOf(address.Addr1),
                city: textOf(address.City),
                state: textOf(address.State),
                postalCode: textOf(address.PostalCode),
                isActive,
              })
            : linkKind === 'account'
              ? await importListRecord(tx, 'account', entityId, local, {
                  name,
                  number: textOf(ret.AccountNumber),
                  accountType: textOf(ret.AccountType),
                  isActive,
                  assignableToBill: !['Bank', 'AccountsPayable', 'AccountsReceivable', 'CreditCard'].includes(
                    textOf(ret.AccountType) ?? '',
                  ),
                })
              : await importListRecord(tx, 'division', entityId, local, { name, isActive });
        if (link) await tx.update(qbdLinks).set({ localId: result.id, name }).where(eq(qbdLinks.id, link.id));
        else
          await tx
            .insert(qbdLinks)
            .values({ companyFileId: file.id, kind: linkKind, listId, localId: result.id, name });
      });
    }
  }

  /** A bill read from the file; one of ours (by ExternalGUID) is marked added instead of added again. */
  async function saveBill(file: FileRow, ret: Record<string, unknown>) {
    const txnId = textOf(ret.TxnID);
    if (!txnId) return;
    const external = textOf(ret.ExternalGUID);
    const fields = {
      txnId,
      vendorName: textOf((ret.VendorRef as Record<string, unknown> | undefined)?.FullName),
      refNumber: textOf(ret.RefNumber),
      txnDate: textOf(ret.TxnDate),
      dueDate: textOf(ret.DueDate),
      amount: centsOf(ret.AmountDue),
      isPaid: ret.IsPaid === undefined ? null : textOf(ret.IsPaid) === 'true',
      updatedAt: now(),
    };
    if (external) {
      const [ours] = await db
        .select({ row: qbdBills })
        .from(qbdBills)
        .innerJoin(billList, eq(billList.id, qbdBills.billId))
        .where(
          and(
            eq(qbdBills.companyFileId, file.id),
            eq(billList.guid, external.replace(/[{}]/g, '').toLowerCase()),
          ),
        );
      if (ours) {
        await db
          .update(qbdBills)
          .set({ ...fields, status: 'added', error: null })
          .where(eq(qbdBills.id, ours.row.id));
        return;
      }
    }
    await db
      .insert(qbdBills)
      .values({ companyFileId: file.id, status: 'in_file', ...fields })
      .onConflictDoUpdate({ target: [qbdBills.companyFileId, qbdBills.txnId], set: fields });
  }

  return { tenantOfFile, billsToAdd, saveQueryPage };
}
