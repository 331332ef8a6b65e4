import type { BankLine, FeederApplyResult, FeederBatch, FeederPreview } from '@bp/contracts';
import { categorizeBankLineRequest, feederApplyRequest, feederPreviewRequest } from '@bp/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lte,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { lockBankLine, presentBankLines } from './bank-lines.ts';
import { categorizeLine, postingLines, resolveAction, uncategorizeEntry } from './categorize.ts';
import { conflict, notFound, underLedgerRules } from './errors.ts';
import {
  bankAccountIdOf,
  filterConditions,
  filtersOf,
  openLineConditions,
  type RuleRow,
  rulesToApply,
} from './feeder-rules.ts';
import type { BooksScope } from './scope.ts';
import { bookAccounts, bookBankLines, bookFeederBatches, bookFeederRules } from './tables.ts';

/** At most this many lines are shown by a preview (the count and total cover all of them). */
const PREVIEW_LINES = 100;
/** At most this many lines one application categorises: a bigger backlog is applied again. */
const APPLY_LIMIT = 5_000;

/** What a rule would post for the uncategorised lines it matches, nothing written (issue 17: preview). */
export async function previewRule(db: Db, scope: BooksScope, input: unknown): Promise<FeederPreview> {
  const body = feederPreviewRequest.parse(input);
  const bankAccountId = await bankAccountIdOf(db, scope.entityId, body.filters);
  const resolved = await resolveAction(db, scope, body.action);
  const matching = filterConditions(body.filters, bankAccountId);
  const [rows, [totals], [already]] = await Promise.all([
    db
      .select()
      .from(bookBankLines)
      .where(and(...openLineConditions(scope.entityId), ...matching))
      .orderBy(desc(bookBankLines.lineDate), desc(bookBankLines.id))
      .limit(PREVIEW_LINES),
    db
      .select({ n: count(), total: sql<string>`coalesce(sum(${bookBankLines.amount}), 0)` })
      .from(bookBankLines)
      .where(and(...openLineConditions(scope.entityId), ...matching)),
    db
      .select({ n: count() })
      .from(bookBankLines)
      .where(
        and(eq(bookBankLines.entityId, scope.entityId), isNotNull(bookBankLines.categorizedBy), ...matching),
      ),
  ]);
  const accountIds = [...new Set(rows.flatMap((r) => postingLines(r, resolved).map((l) => l.accountId)))];
  const [lines, accounts, divisions] = await Promise.all([
    presentBankLines(db, rows),
    accountIds.length
      ? db
          .select({
            id: bookAccounts.id,
            guid: bookAccounts.guid,
            number: bookAccounts.number,
            name: bookAccounts.name,
          })
          .from(bookAccounts)
          .where(inArray(bookAccounts.id, accountIds))
      : Promise.resolve([]),
    Promise.resolve(
      new Map(
        body.action.type === 'categorize'
          ? resolved.splits.map((s, i) => [
              s.divisionId,
              body.action.type === 'categorize' ? (body.action.splits[i]?.division ?? null) : null,
            ])
          : [],
      ),
    ),
  ]);
  const accountOf = new Map(accounts.map((a) => [a.id, { guid: a.guid, number: a.number, name: a.name }]));
  return {
    count: totals?.n ?? 0,
    total: Number(totals?.total ?? 0),
    already_categorized: already?.n ?? 0,
    results: rows.map((row, i) => ({
      line: lines[i] as BankLine,
      postings: postingLines(row, resolved).map((p) => ({
        account: accountOf.get(p.accountId) ?? { guid: '', number: null, name: '' },
        division: p.divisionId === null ? null : (divisions.get(p.divisionId) ?? null),
        debit: Math.max(p.amount, 0),
        credit: Math.max(-p.amount, 0),
      })),
    })),
  };
}

function presentBatch(
  row: typeof bookFeederBatches.$inferSelect,
  rule: { guid: string; name: string } | null,
): FeederBatch {
  return {
    guid: row.guid,
    rule,
    line_count: row.lineCount,
    total: row.totalCents,
    created_on: row.createdAt.toISOString(),
    undone_on: row.undoneAt?.toISOString() ?? null,
  };
}

/**
 * Applies rules to the open lines in the caller's transaction as ONE batch: each rule in turn takes the
 * lines it matches that no earlier rule took (priority order, first match wins). Lines in closed months
 * are left for later. Answers the batch (null when nothing matched) and the lines categorised.
 */
export async function applyRulesIn(
  tx: DbOrTx,
  // Rules on a feed's arrival run for nobody in particular (userId null).
  scope: Pick<BooksScope, 'entityId' | 'clientId' | 'organizationId' | 'actor'> & { userId: number | null },
  rules: RuleRow[],
  range: { from?: string | undefined; to?: string | undefined; only?: SQL },
  options: { now: Date; singleRule: RuleRow | null },
): Promise<{ batch: typeof bookFeederBatches.$inferSelect | null; categorized: number }> {
  const taken: number[] = [];
  const plan: {
    rule: RuleRow;
    resolved: Awaited<ReturnType<typeof resolveAction>>;
    lines: (typeof bookBankLines.$inferSelect)[];
  }[] = [];
  for (const rule of rules) {
    const filters = filtersOf(rule);
    const prefix = `rule "${rule.name}"`;
    const bankAccountId = await bankAccountIdOf(tx, scope.entityId, filters, prefix);
    const resolved = await resolveAction(tx, scope, rule.action as never, prefix);
    const where: SQL[] = [...openLineConditions(scope.entityId), ...filterConditions(filters, bankAccountId)];
    if (range.from) where.push(gte(bookBankLines.lineDate, range.from));
    if (range.to) where.push(lte(bookBankLines.lineDate, range.to));
    if (range.only) where.push(range.only);
    if (taken.length) where.push(notInArray(bookBankLines.id, taken));
    const room = APPLY_LIMIT - taken.length;
    if (room <= 0) break;
    const lines = await tx
      .select()
      .from(bookBankLines)
      .where(and(...where))
      .orderBy(asc(bookBankLines.lineDate), asc(bookBankLines.id))
      .limit(room)
      .for('update');
    taken.push(...lines.map((l) => l.id));
    if (lines.length) plan.push({ rule, resolved, lines });
  }
  if (taken.length === 0) return { batch: null, categorized: 0 };
  const [batch] = await tx
    .insert(bookFeederBatches)
    .values({
      entityId: scope.entityId,
      ruleId: options.singleRule?.id ?? null,
      lineCount: 0,
      totalCents: 0,
      createdBy: scope.userId,
    })
    .returning();
  if (!batch) throw new Error('batch not inserted');
  let categorized = 0;
  let total = 0;
  const claimed = new Set<number>();
  for (const step of plan) {
    for (const candidate of step.lines) {
      if (claimed.has(candidate.id)) continue;
      // A transfer earlier in this batch may have claimed this line as its other side: read it again.
      const [line] = await tx.select().from(bookBankLines).where(eq(bookBankLines.id, candidate.id));
      if (!line || line.categorizedBy !== null) continue;
      const done = await categorizeLine(tx, line, step.resolved, {
        by: 'rule',
        ruleId: step.rule.id,
        batchId: batch.id,
        userId: scope.userId,
        now: options.now,
      });
      // Both sides of a matched transfer are the batch's: undoing it returns both.
      for (const l of done.lines) {
        claimed.add(l.id);
        categorized += 1;
        total += Math.abs(l.amount);
      }
    }
  }
  const [updated] = await tx
    .update(bookFeederBatches)
    .set({ lineCount: categorized, totalCents: total })
    .where(eq(bookFeederBatches.id, batch.id))
    .returning();
  await recordAudit(tx, scope.actor, {
    action: 'feeder_rules_applied',
    objectType: 'feeder_batch',
    objectGuid: batch.guid,
    organizationId: scope.organizationId,
    clientId: scope.clientId,
    changes: {
      line_count: { before: null, after: categorized },
      rules: { before: null, after: plan.map((p) => p.rule.name).join(', ') },
    },
  });
  return { batch: updated ?? batch, categorized };
}

export async function applyRules(
  db: Db,
  scope: BooksScope,
  input: unknown,
  now: Date,
): Promise<FeederApplyResult> {
  const body = feederApplyRequest.parse(input ?? {});
  return underLedgerRules(() =>
    db.transaction(async (tx) => {
      const rules = await rulesToApply(tx, scope, body.rule);
      const single = body.rule ? (rules[0] ?? null) : null;
      const { batch, categorized } = await applyRulesIn(tx, scope, rules, body, { now, singleRule: single });
      return {
        batch: batch ? presentBatch(batch, single ? { guid: single.guid, name: single.name } : null) : null,
        categorized,
      };
    }),
  );
}

export async function listBatches(db: Db, scope: BooksScope, query: { page: number; page_size: number }) {
  const { limit, offset } = pageWindow(query);
  const where = eq(bookFeederBatches.entityId, scope.entityId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ batch: bookFeederBatches, rule: { guid: bookFeederRules.guid, name: bookFeederRules.name } })
      .from(bookFeederBatches)
      .leftJoin(bookFeederRules, eq(bookFeederRules.id, bookFeederBatches.ruleId))
      .where(where)
      .orderBy(desc(bookFeederBatches.createdAt), desc(bookFeederBatches.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(bookFeederBatches).where(where),
  ]);
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => presentBatch(r.batch, r.rule?.guid ? r.rule : null)),
  };
}

/**
 * Undoes a batch in one transaction: the reversal of each entry it posted, its lines back to
 * uncategorised. Lines a user corrected since have left the batch and are not touched. A closed period
 * refuses the whole undo (409 period_closed), never half of it.
 */
export async function undoBatchIn(tx: DbOrTx, scope: BooksScope, batchGuid: string, now: Date) {
  const [batch] = await tx
    .select()
    .from(bookFeederBatches)
    .where(and(eq(bookFeederBatches.guid, batchGuid), eq(bookFeederBatches.entityId, scope.entityId)))
    .for('update');
  if (!batch) throw notFound();
  if (batch.undoneAt) throw conflict('This batch is already undone.', 'batch_undone');
  const lines = await tx
    .select({ entryId: bookBankLines.entryId })
    .from(bookBankLines)
    .where(eq(bookBankLines.batchId, batch.id))
    .for('update');
  const entryIds = [...new Set(lines.flatMap((l) => (l.entryId === null ? [] : [l.entryId])))].sort(
    (a, b) => a - b,
  );
  for (const entryId of entryIds) await uncategorizeEntry(tx, entryId, { userId: scope.userId, now });
  const [undone] = await tx
    .update(bookFeederBatches)
    .set({ undoneAt: now, undoneBy: scope.userId })
    .where(eq(bookFeederBatches.id, batch.id))
    .returning();
  await recordAudit(tx, scope.actor, {
    action: 'feeder_batch_undone',
    objectType: 'feeder_batch',
    objectGuid: batch.guid,
    organizationId: scope.organizationId,
    clientId: scope.clientId,
    changes: { returned_lines: { before: null, after: lines.length } },
  });
  return undone ?? batch;
}

export async function undoBatch(
  db: Db,
  scope: BooksScope,
  batchGuid: string,
  now: Date,
): Promise<FeederBatch> {
  return underLedgerRules(() =>
    db.transaction(async (tx) => {
      const batch = await undoBatchIn(tx, scope, batchGuid, now);
      const [rule] = batch.ruleId
        ? await tx
            .select({ guid: bookFeederRules.guid, name: bookFeederRules.name })
            .from(bookFeederRules)
            .where(eq(bookFeederRules.id, batch.ruleId))
        : [];
      return presentBatch(batch, rule ?? null);
    }),
  );
}

const auditLine = (scope: BooksScope, action: string, guid: string, changes = {}) => ({
  action,
  objectType: 'bank_line',
  objectGuid: guid,
  organizationId: scope.organizationId,
  clientId: scope.clientId,
  changes,
});

/**
 * A user categorises a line, or corrects one a rule (or they) categorised: the earlier entry is reversed
 * and the new one posted, in one transaction. The line leaves any batch (undoing it no longer touches it).
 */
export async function categorizeByHand(
  db: Db,
  scope: BooksScope,
  lineGuid: string,
  input: unknown,
  now: Date,
): Promise<BankLine> {
  const body = categorizeBankLineRequest.parse(input);
  const resolved = await resolveAction(db, scope, body.action);
  return underLedgerRules(() =>
    db.transaction(async (tx) => {
      let line = await lockBankLine(tx, scope, lineGuid);
      const before = line.action ? JSON.stringify(line.action) : null;
      if (line.entryId !== null) {
        await uncategorizeEntry(tx, line.entryId, { userId: scope.userId, now });
        line = await lockBankLine(tx, scope, lineGuid);
      }
      await categorizeLine(tx, line, resolved, {
        by: 'manual',
        ruleId: null,
        batchId: null,
        userId: scope.userId,
        now,
      });
      await recordAudit(
        tx,
        scope.actor,
        auditLine(scope, before ? 'bank_line_corrected' : 'bank_line_categorized', line.guid, {
          action: { before, after: JSON.stringify(body.action) },
        }),
      );
      const [row] = await tx.select().from(bookBankLines).where(eq(bookBankLines.id, line.id));
      const [shown] = await presentBankLines(tx, row ? [row] : []);
      if (!shown) throw notFound();
      return shown;
    }),
  );
}

export async function uncategorizeByHand(
  db: Db,
  scope: BooksScope,
  lineGuid: string,
  now: Date,
): Promise<BankLine> {
  return underLedgerRules(() =>
    db.transaction(async (tx) => {
      const line = await lockBankLine(tx, scope, lineGuid);
      if (line.entryId === null)
        throw conflict('This transaction is not categorised.', 'bank_line_uncategorized');
      await uncategorizeEntry(tx, line.entryId, { userId: scope.userId, now });
      await recordAudit(
        tx,
        scope.actor,
        auditLine(scope, 'bank_line_uncategorized', line.guid, {
          action: { before: JSON.stringify(line.action), after: null },
        }),
      );
      const [row] = await tx.select().from(bookBankLines).where(eq(bookBankLines.id, line.id));
      const [shown] = await presentBankLines(tx, row ? [row] : []);
      if (!shown) throw notFound();
      return shown;
    }),
  );
}
