import type { BookPipeline, PipelineRun, StepResult } from '@bp/contracts';
import { createPipelineRequest, patchPipelineRequest, runPipelineRequest } from '@bp/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { readTogether } from '../../platform/read-together.ts';
import { notFound, underLedgerRules } from './errors.ts';
import { applyRulesIn } from './feeder-apply.ts';
import { rulesToApply } from './feeder-rules.ts';
import type { BooksScope } from './scope.ts';
import {
  bookFeederRules,
  bookPipelineRuns,
  bookPipelines,
  bookTemplateGroups,
  bookTemplates,
} from './tables.ts';
import { failureOf, groupTemplates, runDate, runTemplatesFor, templateByGuid } from './templates.ts';

type StoredStep = { kind: 'rules' | 'rule' | 'template' | 'template_group'; guid: string | null };
type PipelineRow = typeof bookPipelines.$inferSelect;
type RunRow = typeof bookPipelineRuns.$inferSelect;

const presentRun = (row: RunRow): PipelineRun => ({
  guid: row.guid,
  month: row.month.slice(0, 7),
  status: row.status,
  results: row.results as StepResult[],
  created_on: row.createdAt.toISOString(),
  finished_on: row.finishedAt?.toISOString() ?? null,
});

/** Steps of the request → stored steps, each guid checked to be the entity's rule, template or group. */
async function storedSteps(
  db: DbOrTx,
  scope: BooksScope,
  steps: ReturnType<typeof createPipelineRequest.parse>['steps'],
) {
  const errors: Record<string, string[]> = {};
  const out: StoredStep[] = [];
  for (const [i, step] of steps.entries()) {
    if (step.kind === 'rules') {
      out.push({ kind: 'rules', guid: null });
      continue;
    }
    const guid = step.kind === 'rule' ? step.rule : step.kind === 'template' ? step.template : step.group;
    const table =
      step.kind === 'rule' ? bookFeederRules : step.kind === 'template' ? bookTemplates : bookTemplateGroups;
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.guid, guid), eq(table.entityId, scope.entityId)));
    if (!row) errors[`steps.${i}`] = [`Choose a ${step.kind.replace('_', ' ')} of this entity.`];
    out.push({ kind: step.kind, guid });
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return out;
}

async function presentPipelines(db: DbOrTx, scope: BooksScope, rows: PipelineRow[]): Promise<BookPipeline[]> {
  if (rows.length === 0) return [];
  const [rules, templates, groups, runs] = await readTogether(db, [
    () =>
      db
        .select({ guid: bookFeederRules.guid, name: bookFeederRules.name })
        .from(bookFeederRules)
        .where(eq(bookFeederRules.entityId, scope.entityId)),
    () =>
      db
        .select({ guid: bookTemplates.guid, name: bookTemplates.name })
        .from(bookTemplates)
        .where(eq(bookTemplates.entityId, scope.entityId)),
    () =>
      db
        .select({ guid: bookTemplateGroups.guid, name: bookTemplateGroups.name })
        .from(bookTemplateGroups)
        .where(eq(bookTemplateGroups.entityId, scope.entityId)),
    () =>
      db
        .select()
        .from(bookPipelineRuns)
        .where(
          inArray(
            bookPipelineRuns.pipelineId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(desc(bookPipelineRuns.createdAt), desc(bookPipelineRuns.id)),
  ]);
  const names = new Map([...rules, ...templates, ...groups].map((x) => [x.guid, x.name]));
  return rows.map((row) => {
    const last = runs.find((r) => r.pipelineId === row.id);
    return {
      guid: row.guid,
      name: row.name,
      steps: (row.steps as StoredStep[]).map((s) => ({
        kind: s.kind,
        guid: s.guid,
        name: s.kind === 'rules' ? 'All active feeder rules' : (names.get(s.guid ?? '') ?? '(deleted)'),
      })),
      last_run: last ? presentRun(last) : null,
      created_on: row.createdAt.toISOString(),
    };
  });
}

export async function listPipelines(db: Db, scope: BooksScope) {
  const rows = await db
    .select()
    .from(bookPipelines)
    .where(eq(bookPipelines.entityId, scope.entityId))
    .orderBy(asc(bookPipelines.name), asc(bookPipelines.id));
  return { results: await presentPipelines(db, scope, rows) };
}

const audit = (scope: BooksScope, action: string, guid: string, changes = {}) => ({
  action,
  objectType: 'book_pipeline',
  objectGuid: guid,
  organizationId: scope.organizationId,
  clientId: scope.clientId,
  changes,
});

async function lockPipeline(tx: DbOrTx, scope: BooksScope, guid: string) {
  const [row] = await tx
    .select()
    .from(bookPipelines)
    .where(and(eq(bookPipelines.guid, guid), eq(bookPipelines.entityId, scope.entityId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function createPipeline(db: Db, scope: BooksScope, input: unknown): Promise<BookPipeline> {
  const body = createPipelineRequest.parse(input);
  const steps = await storedSteps(db, scope, body.steps);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookPipelines)
      .values({ entityId: scope.entityId, name: body.name, steps })
      .returning();
    if (!row) throw new Error('pipeline not inserted');
    await recordAudit(
      tx,
      scope.actor,
      audit(scope, 'book_pipeline_created', row.guid, { name: { before: null, after: row.name } }),
    );
    const [shown] = await presentPipelines(tx, scope, [row]);
    if (!shown) throw notFound();
    return shown;
  });
}

export async function patchPipeline(
  db: Db,
  scope: BooksScope,
  guid: string,
  input: unknown,
): Promise<BookPipeline> {
  const body = patchPipelineRequest.parse(input);
  const steps = body.steps ? await storedSteps(db, scope, body.steps) : undefined;
  return db.transaction(async (tx) => {
    const row = await lockPipeline(tx, scope, guid);
    const [updated] = await tx
      .update(bookPipelines)
      .set({ name: body.name ?? row.name, steps: steps ?? row.steps, updatedAt: new Date() })
      .where(eq(bookPipelines.id, row.id))
      .returning();
    if (!updated) throw notFound();
    await recordAudit(
      tx,
      scope.actor,
      audit(scope, 'book_pipeline_changed', row.guid, {
        name: { before: row.name, after: updated.name },
        steps: { before: JSON.stringify(row.steps), after: JSON.stringify(updated.steps) },
      }),
    );
    const [shown] = await presentPipelines(tx, scope, [updated]);
    if (!shown) throw notFound();
    return shown;
  });
}

export async function deletePipeline(db: Db, scope: BooksScope, guid: string) {
  await db.transaction(async (tx) => {
    const row = await lockPipeline(tx, scope, guid);
    await tx.delete(bookPipelines).where(eq(bookPipelines.id, row.id));
    await recordAudit(
      tx,
      scope.actor,
      audit(scope, 'book_pipeline_deleted', row.guid, { name: { before: row.name, after: null } }),
    );
  });
}

export async function listPipelineRuns(db: Db, scope: BooksScope, guid: string) {
  const [pipeline] = await db
    .select({ id: bookPipelines.id })
    .from(bookPipelines)
    .where(and(eq(bookPipelines.guid, guid), eq(bookPipelines.entityId, scope.entityId)));
  if (!pipeline) throw notFound();
  const rows = await db
    .select()
    .from(bookPipelineRuns)
    .where(eq(bookPipelineRuns.pipelineId, pipeline.id))
    .orderBy(desc(bookPipelineRuns.createdAt), desc(bookPipelineRuns.id))
    .limit(50);
  return { results: rows.map(presentRun) };
}

/** Rules of a step, applied to the month's open lines as one batch in its own transaction. */
async function runRulesStep(
  db: Db,
  scope: BooksScope,
  step: StoredStep,
  month: string,
  now: Date,
): Promise<StepResult> {
  const from = `${month}-01`;
  const to = runDate(month, null);
  const { batch, categorized, name } = await underLedgerRules(() =>
    db.transaction(async (tx) => {
      const rules = await rulesToApply(tx, scope, step.guid ?? undefined);
      const single = step.kind === 'rule' ? (rules[0] ?? null) : null;
      const applied = await applyRulesIn(tx, scope, rules, { from, to }, { now, singleRule: single });
      return { ...applied, name: single?.name ?? 'All active feeder rules' };
    }),
  );
  return {
    kind: step.kind,
    name,
    status: batch ? 'done' : 'skipped',
    message: batch
      ? `Categorised ${categorized} bank line${categorized === 1 ? '' : 's'}.`
      : 'No uncategorised bank line matched.',
    entries: [],
    batch: batch?.guid ?? null,
  };
}

/** A pipeline's run recorded as running, before its steps run (inline or on the job runner). */
export async function startPipelineRun(db: Db, scope: BooksScope, guid: string, input: unknown) {
  const body = runPipelineRequest.parse(input);
  const [pipeline] = await db
    .select()
    .from(bookPipelines)
    .where(and(eq(bookPipelines.guid, guid), eq(bookPipelines.entityId, scope.entityId)));
  if (!pipeline) throw notFound();
  const [run] = await db
    .insert(bookPipelineRuns)
    .values({
      pipelineId: pipeline.id,
      month: `${body.month}-01`,
      status: 'running',
      results: [],
      createdBy: scope.userId,
    })
    .returning();
  if (!run) throw new Error('run not inserted');
  return { run, present: presentRun(run) };
}

/**
 * Runs a started run's steps in order, each in its own transaction (a step's refusal is its result, and
 * the next step still runs); the results are saved after each step, so a reader sees how far it got, and
 * `progress` (the job runner's) is told too. Ends succeeded, or failed when a step failed.
 */
export async function executePipelineRun(
  db: Db,
  scope: BooksScope,
  runId: number,
  now: Date,
  progress: (done: number, total: number, message: string) => Promise<void> = async () => {},
): Promise<PipelineRun> {
  const [row] = await db
    .select({ run: bookPipelineRuns, pipeline: bookPipelines })
    .from(bookPipelineRuns)
    .innerJoin(bookPipelines, eq(bookPipelines.id, bookPipelineRuns.pipelineId))
    .where(and(eq(bookPipelineRuns.id, runId), eq(bookPipelines.entityId, scope.entityId)));
  if (!row) throw notFound();
  const { run, pipeline } = row;
  const month = run.month.slice(0, 7);
  const steps = pipeline.steps as StoredStep[];
  const results: StepResult[] = [];
  for (const [index, step] of steps.entries()) {
    await progress(index, steps.length, `Step ${index + 1} of ${steps.length}`);
    try {
      if (step.kind === 'rules' || step.kind === 'rule') {
        results.push(await runRulesStep(db, scope, step, month, now));
      } else if (step.kind === 'template') {
        const template = await templateByGuid(db, scope, step.guid ?? '');
        if (!template) throw notFound('This template no longer exists.');
        results.push(...(await runTemplatesFor(db, scope, [template], month, now)));
      } else {
        const { group, rows } = await groupTemplates(db, scope, step.guid ?? '');
        const each = await runTemplatesFor(db, scope, rows, month, now);
        const failed = each.filter((r) => r.status === 'failed');
        results.push({
          kind: 'template_group',
          name: group.name,
          status: failed.length ? 'failed' : each.some((r) => r.status === 'done') ? 'done' : 'skipped',
          message: each.map((r) => `${r.name}: ${r.message}`).join(' ') || 'No active templates.',
          entries: each.flatMap((r) => r.entries),
          batch: null,
        });
      }
    } catch (error) {
      results.push({
        kind: step.kind,
        name: step.kind,
        status: 'failed',
        message: failureOf(error),
        entries: [],
        batch: null,
      });
    }
    await db.update(bookPipelineRuns).set({ results }).where(eq(bookPipelineRuns.id, run.id));
  }
  await progress(steps.length, steps.length, 'Done');
  const [finished] = await db.transaction(async (tx) => {
    const done = await tx
      .update(bookPipelineRuns)
      .set({
        status: results.some((r) => r.status === 'failed') ? 'failed' : 'succeeded',
        results,
        finishedAt: new Date(),
      })
      .where(eq(bookPipelineRuns.id, run.id))
      .returning();
    await recordAudit(
      tx,
      scope.actor,
      audit(scope, 'book_pipeline_run', pipeline.guid, { month: { before: null, after: month } }),
    );
    return done;
  });
  return presentRun(finished ?? run);
}
