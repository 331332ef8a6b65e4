import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import type { ImportAction, Tenant, VendorWriteHook } from '../../entities/index.ts';
import { findImportTarget, importListRecord, importVendor } from '../../entities/index.ts';
import { qboLinks, type SyncResultItem } from '../tables.ts';
import { type QboApi, QboError } from './client.ts';

/**
 * The pull half of a QuickBooks Online sync (decision 035): vendors, accounts (chart of accounts),
 * classes (when the entity's is_qbo_class is on), terms and customers into the entity's own lists, each
 * object in its own transaction so one refusal is one `failed` line of the result list, not a lost sync.
 * The first sync reads everything (query, paged); later ones read what changed since the last one (CDC).
 */

type Kind = 'vendor' | 'account' | 'class' | 'term' | 'customer';
const ENTITY_OF: Record<Kind, string> = {
  vendor: 'Vendor',
  account: 'Account',
  class: 'Class',
  term: 'Term',
  customer: 'Customer',
};

const TARGET_OF = {
  vendor: 'vendor',
  account: 'account',
  class: 'division',
  term: 'paymentTerm',
  customer: 'customer',
} as const;

interface QboRecord {
  Id: string;
  status?: string;
  Active?: boolean;
  DisplayName?: string;
  Name?: string;
  AcctNum?: string;
  AccountType?: string;
  CurrentBalance?: number;
  DueDays?: number;
  SyncToken?: string;
  PrimaryEmailAddr?: { Address?: string };
  PrimaryPhone?: { FreeFormNumber?: string };
  BillAddr?: {
    Line1?: string;
    City?: string;
    CountrySubDivisionCode?: string;
    PostalCode?: string;
    Country?: string;
  };
}

/** Account types a bill line is never booked to: money accounts and the ledgers of payables/receivables. */
const NOT_FOR_BILL_LINES = new Set(['Bank', 'Accounts Payable', 'Accounts Receivable', 'Credit Card']);

/** QuickBooks amounts are decimal dollars; ours are integer cents. */
export const toCents = (dollars: number | undefined) => Math.round((dollars ?? 0) * 100);

export interface ImportScope {
  db: Db;
  entityId: number;
  tenant: Tenant;
  vendorHook: VendorWriteHook;
  now: () => Date;
}

async function linkOf(tx: DbOrTx, entityId: number, kind: Kind, qboId: string) {
  const [link] = await tx
    .select()
    .from(qboLinks)
    .where(and(eq(qboLinks.entityId, entityId), eq(qboLinks.kind, kind), eq(qboLinks.qboId, qboId)));
  return link ?? null;
}

const orNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** One object into our lists, with its link; `skipped` when nothing changed. */
async function importOne(scope: ImportScope, kind: Kind, record: QboRecord): Promise<ImportAction> {
  return scope.db.transaction(async (tx) => {
    const link = await linkOf(tx, scope.entityId, kind, record.Id);
    const deleted = record.status === 'Deleted';
    // A deletion of something we never imported has nothing to change.
    if (deleted && !link) return 'skipped';
    const isActive = !deleted && record.Active !== false;
    const name = record.DisplayName ?? record.Name ?? '';
    // First sight of it: the record of the same name staff already keep is linked, not doubled.
    const local =
      link?.localId ?? (name ? await findImportTarget(tx, TARGET_OF[kind], scope.entityId, name) : null);
    let result: { id: number; action: ImportAction };
    switch (kind) {
      case 'vendor':
        result = await importVendor(tx, scope.tenant, scope.vendorHook, scope.entityId, local, {
          name: record.DisplayName ?? record.Name ?? `Vendor ${record.Id}`,
          ...(deleted
            ? {}
            : {
                email: orNull(record.PrimaryEmailAddr?.Address),
                primaryPhone: orNull(record.PrimaryPhone?.FreeFormNumber),
                addr1: orNull(record.BillAddr?.Line1),
                city: orNull(record.BillAddr?.City),
                state: orNull(record.BillAddr?.CountrySubDivisionCode),
                postalCode: orNull(record.BillAddr?.PostalCode),
                country: orNull(record.BillAddr?.Country),
              }),
          isActive,
        });
        break;
      case 'account':
        result = await importListRecord(tx, 'account', scope.entityId, local, {
          name: record.Name ?? `Account ${record.Id}`,
          number: orNull(record.AcctNum),
          accountType: record.AccountType ?? null,
          isActive,
          assignableToBill: !NOT_FOR_BILL_LINES.has(record.AccountType ?? ''),
        });
        break;
      case 'class':
        result = await importListRecord(tx, 'division', scope.entityId, local, {
          name: record.Name ?? `Class ${record.Id}`,
          isActive,
        });
        break;
      case 'term':
        result = await importListRecord(tx, 'paymentTerm', scope.entityId, local, {
          name: record.Name ?? `Term ${record.Id}`,
          dueDays: record.DueDays ?? 0,
        });
        break;
      case 'customer':
        result = await importListRecord(tx, 'customer', scope.entityId, local, {
          name: record.DisplayName ?? `Customer ${record.Id}`,
          email: orNull(record.PrimaryEmailAddr?.Address),
          phone: orNull(record.PrimaryPhone?.FreeFormNumber),
        });
        break;
    }
    const linkFields = {
      localId: result.id,
      qboType: record.AccountType ?? null,
      balance:
        kind === 'account' && record.CurrentBalance !== undefined ? toCents(record.CurrentBalance) : null,
      syncToken: record.SyncToken ?? null,
      updatedAt: scope.now(),
    };
    if (link) await tx.update(qboLinks).set(linkFields).where(eq(qboLinks.id, link.id));
    else
      await tx.insert(qboLinks).values({ entityId: scope.entityId, kind, qboId: record.Id, ...linkFields });
    return result.action;
  });
}

/**
 * Pulls the entity's objects: everything when `since` is null, else the changes since then. Calls
 * `progress` after each kind. Returns the per-object results.
 */
export async function pullCompany(
  scope: ImportScope,
  api: QboApi,
  options: {
    since: Date | null;
    classes: boolean;
    progress: (done: number, total: number, what: string) => Promise<void>;
  },
): Promise<SyncResultItem[]> {
  const kinds: Kind[] = [
    'vendor',
    'account',
    ...(options.classes ? (['class'] as const) : []),
    'term',
    'customer',
  ];
  const results: SyncResultItem[] = [];
  let changes: Map<string, unknown[]> | null = null;
  if (options.since)
    changes = (
      await api.changedSince(
        kinds.map((k) => ENTITY_OF[k]),
        options.since,
      )
    ).byEntity;
  for (const [index, kind] of kinds.entries()) {
    const entity = ENTITY_OF[kind];
    const records = (changes ? (changes.get(entity) ?? []) : await api.queryAll(entity)) as QboRecord[];
    for (const record of records) {
      const name = record.DisplayName ?? record.Name ?? record.Id;
      try {
        const action = await importOne(scope, kind, record);
        results.push({ object: entity, qbo_id: record.Id, name, action, message: null });
      } catch (error) {
        if (error instanceof QboError) throw error;
        results.push({
          object: entity,
          qbo_id: record.Id,
          name,
          action: 'failed',
          message: 'This record could not be saved here.',
        });
      }
    }
    await options.progress(index + 1, kinds.length + 1, `${entity} read`);
  }
  return results;
}
