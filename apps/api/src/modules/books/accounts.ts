import type { BookAccount, CreateBookAccountRequest, PatchBookAccountRequest } from '@bp/contracts';
import { createBookAccountRequest, patchBookAccountRequest } from '@bp/contracts';
import type { AccountFamily } from '@bp/domain';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { diffFields, recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { familyOfSubtype } from './catalogue.ts';
import { notFound } from './errors.ts';
import type { BooksScope } from './scope.ts';
import { bookAccounts, bookPins } from './tables.ts';

type AccountRow = typeof bookAccounts.$inferSelect;

export function presentAccount(row: AccountRow, pinned: boolean): BookAccount {
  return {
    guid: row.guid,
    number: row.number,
    name: row.name,
    family: row.family,
    subtype: row.subtypeCode,
    detail_type: row.detailTypeCode,
    classification_group: row.classificationGroup,
    system_role: row.systemRole,
    is_active: row.isActive,
    is_pinned: pinned,
    created_on: row.createdAt.toISOString(),
  };
}

const pinnedBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${bookPins} where ${bookPins.accountId} = ${bookAccounts.id} and ${bookPins.userId} = ${userId})`;

export async function listAccounts(
  db: Db,
  scope: BooksScope,
  query: {
    page: number;
    page_size: number;
    search?: string | undefined;
    active?: boolean | undefined;
    family?: AccountFamily | undefined;
    pinned?: boolean | undefined;
  },
) {
  const where: SQL[] = [eq(bookAccounts.entityId, scope.entityId)];
  if (query.active !== undefined) where.push(eq(bookAccounts.isActive, query.active));
  if (query.family) where.push(eq(bookAccounts.family, query.family));
  if (query.pinned !== undefined)
    where.push(query.pinned ? pinnedBy(scope.userId) : sql`not ${pinnedBy(scope.userId)}`);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(bookAccounts.name, like), ilike(bookAccounts.number, like));
    if (match) where.push(match);
  }
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ account: bookAccounts, pinned: pinnedBy(scope.userId) })
      .from(bookAccounts)
      .where(and(...where))
      .orderBy(sql`${bookAccounts.number} asc nulls last`, asc(bookAccounts.name), asc(bookAccounts.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(bookAccounts)
      .where(and(...where)),
  ]);
  return { count: total?.n ?? 0, results: rows.map((r) => presentAccount(r.account, r.pinned)) };
}

/** An account of the scope's entity by guid, or 404. */
export async function findAccount(db: DbOrTx, scope: BooksScope, accountGuid: string): Promise<AccountRow> {
  const [row] = await db
    .select()
    .from(bookAccounts)
    .where(and(eq(bookAccounts.guid, accountGuid), eq(bookAccounts.entityId, scope.entityId)));
  if (!row) throw notFound();
  return row;
}

const NUMBER_TAKEN = 'Another account of this entity has this number.';

export async function createAccount(
  db: Db,
  scope: BooksScope,
  input: CreateBookAccountRequest,
): Promise<BookAccount> {
  const body = createBookAccountRequest.parse(input);
  const detailType = body.detail_type ?? null;
  const kind = await familyOfSubtype(db, body.subtype, detailType);
  if (!kind) throw invalid('subtype', 'Choose a subtype of the catalogue.');
  if (!kind.detailOk) throw invalid('detail_type', 'Choose a detailed type of this subtype.');
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(bookAccounts)
        .values({
          entityId: scope.entityId,
          number: body.number ?? null,
          name: body.name,
          family: kind.family,
          subtypeCode: body.subtype,
          detailTypeCode: detailType,
          classificationGroup: body.classification_group ?? null,
        })
        .returning();
      if (!row) throw new Error('account not inserted');
      const created = presentAccount(row, false);
      await recordAudit(tx, scope.actor, {
        action: 'book_account_created',
        objectType: 'book_account',
        objectGuid: row.guid,
        organizationId: scope.organizationId,
        clientId: scope.clientId,
        changes: diffFields({}, { number: created.number, name: created.name, subtype: created.subtype }),
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'book_accounts_entity_number_key')) throw invalid('number', NUMBER_TAKEN);
    throw error;
  }
}

export async function patchAccount(
  db: Db,
  scope: BooksScope,
  accountGuid: string,
  input: PatchBookAccountRequest,
): Promise<BookAccount> {
  const body = patchBookAccountRequest.parse(input);
  try {
    return await db.transaction(async (tx) => {
      const before = await findAccount(tx, scope, accountGuid);
      const [row] = await tx
        .update(bookAccounts)
        .set({
          ...(body.number !== undefined && { number: body.number }),
          ...(body.name !== undefined && { name: body.name }),
          ...(body.classification_group !== undefined && { classificationGroup: body.classification_group }),
          ...(body.is_active !== undefined && { isActive: body.is_active }),
        })
        .where(eq(bookAccounts.id, before.id))
        .returning();
      if (!row) throw notFound();
      const [pin] = await tx
        .select({ userId: bookPins.userId })
        .from(bookPins)
        .where(and(eq(bookPins.accountId, row.id), eq(bookPins.userId, scope.userId)));
      const after = presentAccount(row, pin !== undefined);
      await recordAudit(tx, scope.actor, {
        action: 'book_account_updated',
        objectType: 'book_account',
        objectGuid: row.guid,
        organizationId: scope.organizationId,
        clientId: scope.clientId,
        changes: diffFields(presentAccount(before, after.is_pinned), after),
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'book_accounts_entity_number_key')) throw invalid('number', NUMBER_TAKEN);
    throw error;
  }
}

/** Pins or unpins an account for the caller (idempotent either way). */
export async function setPinned(db: Db, scope: BooksScope, accountGuid: string, pinned: boolean) {
  const account = await findAccount(db, scope, accountGuid);
  if (pinned) {
    await db.insert(bookPins).values({ userId: scope.userId, accountId: account.id }).onConflictDoNothing();
  } else {
    await db
      .delete(bookPins)
      .where(and(eq(bookPins.userId, scope.userId), eq(bookPins.accountId, account.id)));
  }
}
