import type { FeederAction } from '@bp/contracts';
import { percentToBp, splitCents } from '@bp/domain';
import { and, eq, gte, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { readTogether } from '../../platform/read-together.ts';
import { vendorList } from '../entities/index.ts';
import { BANK_FEED_SUBTYPES, type BankLineRow, reverseAndRelease } from './bank-lines.ts';
import { entityDivisionsByGuid } from './entity-divisions.ts';
import { type EntryDraft, type EntryRow, insertEntry } from './entries.ts';
import { conflict } from './errors.ts';
import { propertyIdsOf } from './journals.ts';
import { bookAccounts, bookBankLines, journalEntries } from './tables.ts';

/** An action with its guids resolved to the entity's ids, ready to post any number of lines. */
export interface ResolvedAction {
  action: FeederAction;
  splits: { accountId: number; divisionId: number | null; propertyId: number | null; bp: number }[];
  transferAccountId: number | null;
  vendorId: number | null;
}

/**
 * Resolves an action's accounts, divisions and vendor within the entity; an unknown or inactive one is a
 * field error under `prefix` (e.g. `action.splits.0.account`), so a rule and a correction say the same.
 */
export async function resolveAction(
  db: DbOrTx,
  scope: { entityId: number; clientId: number },
  action: FeederAction,
  prefix = 'action',
): Promise<ResolvedAction> {
  const { entityId } = scope;
  const propertyOf = await propertyIdsOf(
    db,
    scope.clientId,
    action.type === 'categorize' ? action.splits.flatMap((s) => (s.property ? [s.property] : [])) : [],
  );
  const accountGuids = action.type === 'transfer' ? [action.account] : action.splits.map((s) => s.account);
  const divisionGuids =
    action.type === 'categorize' ? action.splits.flatMap((s) => (s.division ? [s.division] : [])) : [];
  const vendorGuid = action.type === 'categorize' ? (action.vendor ?? null) : null;
  const [accounts, divisions, vendors] = await readTogether(db, [
    () =>
      db
        .select({
          id: bookAccounts.id,
          guid: bookAccounts.guid,
          active: bookAccounts.isActive,
          subtype: bookAccounts.subtypeCode,
        })
        .from(bookAccounts)
        .where(and(eq(bookAccounts.entityId, entityId), inArray(bookAccounts.guid, accountGuids))),
    () => entityDivisionsByGuid(db, entityId, divisionGuids),
    () =>
      vendorGuid === null
        ? Promise.resolve([])
        : db
            .select({ id: vendorList.id })
            .from(vendorList)
            .where(and(eq(vendorList.entityId, entityId), eq(vendorList.guid, vendorGuid))),
  ]);
  const accountOf = new Map(accounts.map((a) => [a.guid, a]));
  const divisionOf = new Map(divisions.map((d) => [d.guid, d.id]));
  const errors: Record<string, string[]> = {};
  const accountId = (guid: string, field: string) => {
    const account = accountOf.get(guid);
    if (!account) errors[field] = ['Choose an account of this entity.'];
    else if (!account.active) errors[field] = ['This account is inactive.'];
    return account;
  };
  if (action.type === 'transfer') {
    const account = accountId(action.account, `${prefix}.account`);
    if (account && !(BANK_FEED_SUBTYPES as readonly string[]).includes(account.subtype))
      errors[`${prefix}.account`] = ['A transfer goes to another bank or credit-card account.'];
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return { action, splits: [], transferAccountId: account?.id ?? 0, vendorId: null };
  }
  const splits = action.splits.map((s, i) => {
    const account = accountId(s.account, `${prefix}.splits.${i}.account`);
    const divisionId = s.division ? divisionOf.get(s.division) : null;
    if (divisionId === undefined)
      errors[`${prefix}.splits.${i}.division`] = ['Choose a division of this entity.'];
    const propertyId = s.property ? propertyOf.get(s.property) : null;
    if (propertyId === undefined)
      errors[`${prefix}.splits.${i}.property`] = ['Choose a property of this client.'];
    return {
      accountId: account?.id ?? 0,
      divisionId: divisionId ?? null,
      propertyId: propertyId ?? null,
      bp: percentToBp(s.percent),
    };
  });
  if (vendorGuid !== null && vendors.length === 0)
    errors[`${prefix}.vendor`] = ['Choose a vendor of this entity.'];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { action, splits, transferAccountId: null, vendorId: vendors[0]?.id ?? null };
}

/**
 * The entry lines categorising a bank line: the bank account takes the line's amount as the bank shows
 * it (money in is a debit), the targets the opposite, split by percentages in whole cents with the
 * remainder on the last split. A split that rounds to nothing is left out (an entry has no zero lines).
 */
export function postingLines(
  line: Pick<BankLineRow, 'accountId' | 'amount' | 'description'>,
  resolved: ResolvedAction,
) {
  const memo = resolved.action.memo ?? null;
  if (resolved.transferAccountId !== null) {
    if (resolved.transferAccountId === line.accountId)
      throw new ValidationError({ 'action.account': ['A transfer goes to another account than its own.'] });
    return [
      { accountId: line.accountId, amount: line.amount, divisionId: null, memo },
      { accountId: resolved.transferAccountId, amount: -line.amount, divisionId: null, memo },
    ];
  }
  const parts = splitCents(
    -line.amount,
    resolved.splits.map((s) => s.bp),
  );
  return [
    { accountId: line.accountId, amount: line.amount, divisionId: null, memo },
    ...resolved.splits
      .map((s, i) => ({
        accountId: s.accountId,
        amount: parts[i] ?? 0,
        divisionId: s.divisionId,
        propertyId: s.propertyId,
        memo,
      }))
      .filter((l) => l.amount !== 0),
  ];
}

/** Days either side of a transfer's date within which its other side is looked for. */
const TRANSFER_MATCH_DAYS = 5;

const shiftDate = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * Posts the entry categorising `line` and records on it how (in the caller's transaction). A transfer
 * also claims the other account's uncategorised line of the opposite amount within a few days, so the
 * two sides of one transfer post once.
 */
export async function categorizeLine(
  tx: DbOrTx,
  line: BankLineRow,
  resolved: ResolvedAction,
  how: {
    by: 'rule' | 'manual';
    ruleId: number | null;
    batchId: number | null;
    userId: number | null;
    now: Date;
  },
): Promise<{ entry: EntryRow; lines: BankLineRow[] }> {
  const draft: EntryDraft = {
    entityId: line.entityId,
    date: line.lineDate,
    memo: resolved.action.memo ?? line.description,
    source: how.by === 'rule' ? 'feeder_rule' : 'manual',
    sourceId: `bank-line:${line.guid}:${line.categorizations + 1}`,
    kind: 'bank_line',
    status: 'posted',
    createdBy: how.userId,
    now: how.now,
    lines: postingLines(line, resolved),
  };
  const entry = await insertEntry(tx, draft);
  await tx
    .update(bookBankLines)
    .set({
      categorizedBy: how.by,
      ruleId: how.ruleId,
      batchId: how.batchId,
      entryId: entry.id,
      action: resolved.action,
      vendorId: resolved.vendorId,
      categorizations: line.categorizations + 1,
      updatedAt: how.now,
    })
    .where(eq(bookBankLines.id, line.id));
  let other: BankLineRow | undefined;
  if (resolved.transferAccountId !== null) {
    [other] = await tx
      .select()
      .from(bookBankLines)
      .where(
        and(
          eq(bookBankLines.accountId, resolved.transferAccountId),
          eq(bookBankLines.amount, -line.amount),
          eq(bookBankLines.pending, false),
          isNull(bookBankLines.categorizedBy),
          gte(bookBankLines.lineDate, shiftDate(line.lineDate, -TRANSFER_MATCH_DAYS)),
          lte(bookBankLines.lineDate, shiftDate(line.lineDate, TRANSFER_MATCH_DAYS)),
          ne(bookBankLines.id, line.id),
        ),
      )
      .orderBy(bookBankLines.lineDate, bookBankLines.id)
      .limit(1)
      .for('update');
    if (other) {
      const [own] = await tx
        .select({ guid: bookAccounts.guid })
        .from(bookAccounts)
        .where(eq(bookAccounts.id, line.accountId));
      await tx
        .update(bookBankLines)
        .set({
          categorizedBy: 'transfer_match',
          ruleId: how.ruleId,
          batchId: how.batchId,
          entryId: entry.id,
          action: { type: 'transfer', account: own?.guid ?? '' },
          categorizations: other.categorizations + 1,
          updatedAt: how.now,
        })
        .where(eq(bookBankLines.id, other.id));
    }
  }
  return { entry, lines: other ? [line, other] : [line] };
}

/**
 * Reverses the entry of a categorised line (dated as the entry, so the books of that period come back
 * to what they were) and returns every line it categorised (both sides of a transfer) to uncategorised.
 */
export async function uncategorizeEntry(
  tx: DbOrTx,
  entryId: number,
  how: { userId: number | null; now: Date },
): Promise<void> {
  const [entry] = await tx.select().from(journalEntries).where(eq(journalEntries.id, entryId)).for('update');
  if (!entry) throw conflict('The entry of this line is missing.', 'entry_missing');
  await reverseAndRelease(tx, entry, entry.entryDate, how);
}
