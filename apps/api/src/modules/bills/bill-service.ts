import type { Bill, CreateBillRequest, PatchBillRequest } from '@bp/contracts';
import { count, eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { FieldChanges } from '../../platform/audit/tables.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import {
  type BillFields,
  type BillRow,
  billAttachmentList,
  billById,
  billLineList,
  changeBill,
  deleteBill,
  deleteBillLines,
  findVisibleBill,
  insertBill,
  insertBillLines,
  recordBillEvent,
} from '../bill-core/index.ts';
import { entityList, vendorList } from '../entities/index.ts';
import { type BillViewer, presentBill, presentVisibleBill } from './bill-presenter.ts';
import {
  type FieldErrors,
  type LineValues,
  resolveEntity,
  resolveLines,
  resolveVendor,
} from './bill-references.ts';
import { deleteBlockedBecause, editBlockedBecause, STALE_BILL } from './bill-rules.ts';
import { findPossibleDuplicates } from './duplicates.ts';
import { conflict, refused } from './errors.ts';
import { planBill } from './planning.ts';

const POSSIBLE_DUPLICATE =
  'This bill looks like one the client already has (same vendor and invoice number, or same amount within 7 days). Give a reason to enter it anyway.';

/** The client a bill is entered for. */
export interface BillClient {
  id: number;
  organizationId: number;
}

function throwIfAny(errors: FieldErrors) {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** The bill's own fields as the audit trail and the bill_updated event show them. */
function auditedFields(bill: BillRow) {
  return {
    amount: bill.amount,
    due_date: bill.dueDate,
    invoice_number: bill.invoiceNumber,
    invoice_date: bill.invoiceDate,
    payment_method: bill.paymentMethod,
    invoice_source: bill.invoiceSource,
    ext_bill_id: bill.extBillId,
    under_power_of_attorney: bill.underPowerOfAttorney,
  };
}

/**
 * Enters a bill inside `tx` with its audit record and timeline: references checked in the transaction
 * (entity of the client and not archived, active vendor of the entity, assignable accounts), then a
 * draft stays in pre_bill and anything else is planned at once. Also used by the demo seed, which
 * backdates the timeline with `eventAt` (otherwise events take the database's clock, so a timeline
 * written by several transactions stays in order) and writes no audit record (`audit: false`): demo data
 * is nobody's action, like every other seeded object.
 */
export async function createBillInTx(
  tx: DbOrTx,
  client: BillClient,
  actor: AuditActor,
  input: CreateBillRequest,
  options: {
    createdAt?: Date;
    eventAt?: Date;
    audit?: boolean;
    /** The commitment the bill pays (issue 6): planBill compares the amount with `expectedAmount`. */
    commitment?: { id: number; expectedAmount: number | null };
    /**
     * Refuse (409 possible_duplicate) a bill that looks like one of the client's bills unless the input
     * gives a `duplicate_reason`, recorded on its timeline (decision 023). `today` is the caller's day.
     */
    duplicateCheck?: { today: string };
  } = {},
): Promise<BillRow> {
  const at = options.createdAt ?? new Date();
  const errors: FieldErrors = {};
  const entity = await resolveEntity(tx, client.id, input.entity, errors);
  const vendor = entity ? await resolveVendor(tx, entity.id, input.vendor, errors) : null;
  const lines = entity ? await resolveLines(tx, entity.id, input.lines, input.amount, errors) : [];
  throwIfAny(errors);
  if (!entity || !vendor) throw new Error('unreachable: references resolved without errors');
  const duplicates = options.duplicateCheck
    ? await findPossibleDuplicates(
        tx,
        client.id,
        {
          vendorId: vendor.id,
          amount: input.amount,
          invoiceNumber: input.invoice_number ?? null,
          invoiceDate: input.invoice_date ?? null,
        },
        options.duplicateCheck.today,
      )
    : [];
  const duplicateReason = input.duplicate_reason?.trim() ?? '';
  if (duplicates.length > 0 && duplicateReason === '')
    throw refused('conflict', 'possible_duplicate', POSSIBLE_DUPLICATE);
  const overridden =
    duplicates.length > 0
      ? { duplicate_of: duplicates.map((d) => d.guid), duplicate_reason: duplicateReason }
      : {};
  const row = await insertBill(tx, {
    organizationId: client.organizationId,
    clientId: client.id,
    entityId: entity.id,
    vendorId: vendor.id,
    amount: input.amount,
    dueDate: input.due_date,
    invoiceNumber: input.invoice_number ?? null,
    invoiceDate: input.invoice_date ?? null,
    paymentMethod: input.payment_method,
    invoiceSource: input.invoice_source,
    extBillId: input.ext_bill_id ?? null,
    underPowerOfAttorney: input.under_power_of_attorney ?? false,
    commitmentId: options.commitment?.id ?? null,
    expectedAmount: options.commitment?.expectedAmount ?? null,
    status: 'pre_bill',
    createdByUserId: actor.actorUserId,
    createdAt: at,
    updatedAt: at,
  });
  await insertBillLines(tx, row.id, lines);
  await recordBillEvent(tx, row.id, actor, 'bill_created', {
    to: 'pre_bill',
    data: { amount: row.amount, draft: input.draft === true, ...overridden },
    ...(options.eventAt ? { at: options.eventAt } : {}),
  });
  if (options.audit !== false)
    await recordAudit(tx, actor, {
      action: 'bill_created',
      objectType: 'bill',
      objectGuid: row.guid,
      organizationId: client.organizationId,
      clientId: client.id,
      changes: Object.fromEntries(
        Object.entries({
          ...auditedFields(row),
          entity: entity.guid,
          vendor: vendor.guid,
          lines: lines.length,
          draft: input.draft === true,
          ...overridden,
        }).map(([k, v]) => [k, { before: null, after: v }]),
      ),
    });
  if (input.draft !== true) await planBill(tx, row.id, actor, { at: options.eventAt });
  return (await billById(tx, row.id)) ?? row;
}

const SCALAR_FIELDS = {
  amount: 'amount',
  due_date: 'dueDate',
  invoice_number: 'invoiceNumber',
  invoice_date: 'invoiceDate',
  payment_method: 'paymentMethod',
  invoice_source: 'invoiceSource',
  ext_bill_id: 'extBillId',
  under_power_of_attorney: 'underPowerOfAttorney',
} as const;

/** Bills of a client: enter, edit (re-plans), delete (only before any approval). */
export function createBillService({ database, storage, now }: Pick<AppDeps, 'database' | 'storage' | 'now'>) {
  const { db } = database;
  const clientOf = (viewer: BillViewer): BillClient => ({
    id: viewer.scope.id,
    organizationId: viewer.scope.organizationId,
  });

  return {
    async get(viewer: BillViewer, billGuid: string): Promise<Bill> {
      return presentVisibleBill(db, viewer, billGuid);
    },

    async create(
      viewer: BillViewer,
      actor: AuditActor,
      input: CreateBillRequest,
      today: string,
    ): Promise<Bill> {
      const row = await db.transaction((tx) =>
        createBillInTx(tx, clientOf(viewer), actor, input, {
          createdAt: now(),
          duplicateCheck: { today },
        }),
      );
      return presentBill(db, row, viewer);
    },

    /**
     * Edits a bill the editor saw at `version` (else 409). Allowed for a draft, a bill sent back for
     * changes, or one nobody has approved in its current plan, never once payment is pending, paid or
     * rejected. Amount and lines change together. A planned bill is re-planned: a new round in which
     * earlier approvals no longer count; a draft stays a draft.
     */
    async patch(viewer: BillViewer, actor: AuditActor, billGuid: string, input: PatchBillRequest) {
      const updated = await db.transaction(async (tx) => {
        const bill = await findVisibleBill(tx, viewer.scope, billGuid, { forUpdate: true });
        if (bill.version !== input.version) throw conflict(STALE_BILL);
        const blocked = await editBlockedBecause(tx, bill);
        if (blocked) throw conflict(blocked);

        const errors: FieldErrors = {};
        if ((input.amount === undefined) !== (input.lines === undefined)) {
          const missing = input.amount === undefined ? 'amount' : 'lines';
          errors[missing] = ['Send the amount and the lines together.'];
          throwIfAny(errors);
        }
        const changes: FieldChanges = {};
        const set: BillFields = {};
        const before = auditedFields(bill);
        for (const [field, column] of Object.entries(SCALAR_FIELDS) as [
          keyof typeof SCALAR_FIELDS,
          (typeof SCALAR_FIELDS)[keyof typeof SCALAR_FIELDS],
        ][]) {
          const value = input[field];
          if (value === undefined || value === before[field]) continue;
          changes[field] = { before: before[field], after: value };
          (set as Record<string, unknown>)[column] = value;
        }

        // References: the (new) entity must hold the (new or kept) vendor and every line's account.
        const current = await currentReferences(tx, bill);
        const entityChanges = input.entity !== undefined && input.entity !== current.entity;
        const entity = await resolveEntity(tx, viewer.scope.id, input.entity ?? current.entity, errors);
        let lines: LineValues[] | null = null;
        if (entity) {
          const vendor = await resolveVendor(tx, entity.id, input.vendor ?? current.vendor, errors);
          if (vendor && vendor.id !== bill.vendorId) {
            changes.vendor = { before: current.vendor, after: vendor.guid };
            set.vendorId = vendor.id;
          }
          if (input.lines !== undefined && input.amount !== undefined) {
            lines = await resolveLines(tx, entity.id, input.lines, input.amount, errors);
            changes.lines = { before: current.lines, after: input.lines.length };
          } else if (entityChanges) {
            errors.lines = ["Choose the lines' accounts again: they belong to the previous entity."];
          }
          if (entityChanges) {
            changes.entity = { before: current.entity, after: entity.guid };
            set.entityId = entity.id;
          }
        }
        throwIfAny(errors);
        if (Object.keys(changes).length === 0) return bill;

        await changeBill(tx, bill.id, set, now());
        if (lines) {
          await deleteBillLines(tx, bill.id);
          await insertBillLines(tx, bill.id, lines);
        }
        await recordBillEvent(tx, bill.id, actor, 'bill_updated', {
          from: bill.status,
          to: bill.status,
          data: { fields: Object.keys(changes), changes },
        });
        await recordAudit(tx, actor, {
          action: 'bill_updated',
          objectType: 'bill',
          objectGuid: bill.guid,
          organizationId: bill.organizationId,
          clientId: bill.clientId,
          changes,
        });
        if (bill.status !== 'pre_bill') await planBill(tx, bill.id, actor);
        return (await billById(tx, bill.id)) ?? bill;
      });
      return presentBill(db, updated, viewer);
    },

    /** Deletes a bill nobody ever approved (and not paid), with its lines, files and timeline. */
    async remove(viewer: BillViewer, actor: AuditActor, billGuid: string): Promise<void> {
      const fileKeys = await db.transaction(async (tx) => {
        const bill = await findVisibleBill(tx, viewer.scope, billGuid, { forUpdate: true });
        const blocked = await deleteBlockedBecause(tx, bill);
        if (blocked) throw conflict(blocked);
        const files = await tx
          .select({ key: billAttachmentList.fileKey })
          .from(billAttachmentList)
          .where(eq(billAttachmentList.billId, bill.id));
        await deleteBill(tx, bill.id);
        await recordAudit(tx, actor, {
          action: 'bill_deleted',
          objectType: 'bill',
          objectGuid: bill.guid,
          organizationId: bill.organizationId,
          clientId: bill.clientId,
          changes: Object.fromEntries(
            Object.entries({ ...auditedFields(bill), status: bill.status }).map(([k, v]) => [
              k,
              { before: v, after: null },
            ]),
          ),
        });
        return files.map((f) => f.key);
      });
      // The rows are gone; their files follow (a leftover file is harmless, a missing one would not be).
      await Promise.all(fileKeys.map((key) => storage.remove(key).catch(() => undefined)));
    },
  };
}

/** Guids of the bill's entity and vendor, and its number of lines, before an edit. */
async function currentReferences(tx: DbOrTx, bill: BillRow) {
  const [entity] = await tx
    .select({ guid: entityList.guid })
    .from(entityList)
    .where(eq(entityList.id, bill.entityId));
  const [vendor] = await tx
    .select({ guid: vendorList.guid })
    .from(vendorList)
    .where(eq(vendorList.id, bill.vendorId));
  const [lines] = await tx.select({ n: count() }).from(billLineList).where(eq(billLineList.billId, bill.id));
  return { entity: entity?.guid ?? '', vendor: vendor?.guid ?? '', lines: lines?.n ?? 0 };
}
