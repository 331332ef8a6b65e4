import type { CsvImportResult, TaskRule, WorkflowTask } from '@bp/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { userGuidOf } from '../../test/org-admin.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { createReminderJob } from './raise.ts';
import { reportReminders, taskRules } from './tables.ts';

describe.each(backends)('task rules and CSV imports (%s)', (backend) => {
  const t = useTestApp(backend);
  afterEach(() => {
    t.clock.now = new Date();
  });

  async function setup() {
    t.clock.now = new Date('2026-02-10T12:00:00Z');
    const k = workflowKit(t);
    const b = await k.books();
    const manager = await k.as('manager@demo.test');
    const associateGuid = await userGuidOf(t, 'associate@demo.test');
    const base = `/v1/reports/clients/${b.client.guid}`;
    const tasksUrl = `/v1/reports/organizations/${b.org.guid}/tasks?page_size=100`;
    // Only this test's rules raise.
    await t.deps.database.db.update(reportReminders).set({ archivedAt: new Date() });
    await t.deps.database.db.update(taskRules).set({ archivedAt: new Date() });
    return { k, b, manager, associateGuid, base, tasksUrl };
  }

  it("a rule raises its scope's task each period, once; archived rules raise nothing", async () => {
    const s = await setup();
    const res = await s.manager.post(`${s.base}/task-rules`, {
      name: 'Reconcile operating account',
      task_type: 'reconciliation',
      frequency: 'monthly',
      due_business_days: 3,
      start_date: '2025-12-01',
      entity: s.b.legal.guid,
      account: s.b.electricity.guid,
      assignee: s.associateGuid,
    });
    expect(res.statusCode, res.body).toBe(201);
    const rule = res.json() as TaskRule;
    expect(rule).toMatchObject({
      entity: s.b.legal.guid,
      account: s.b.electricity.guid,
      assignee: { guid: s.associateGuid },
    });
    const job = createReminderJob({ db: t.deps.database.db, now: () => t.clock.now });
    const [a, b] = await Promise.all([job.runOnce(), job.runOnce()]);
    // December and January have ended: two tasks, whichever run raised them.
    expect(a.raised + b.raised).toBe(2);
    expect((await job.runOnce()).raised).toBe(0);
    const titles = (
      (await s.manager.get(`${s.tasksUrl}&type=reconciliation`)).json().results as WorkflowTask[]
    )
      .map((r) => r.title)
      .filter((title) => title.startsWith('Reconcile operating account'));
    expect(titles.sort()).toEqual([
      'Reconcile operating account for 2025-12-01 to 2025-12-31',
      'Reconcile operating account for 2026-01-01 to 2026-01-31',
    ]);
    const archived = await s.manager.post(`${s.base}/task-rules/${rule.guid}/archive`);
    expect(archived.json().is_archived).toBe(true);
    expect((await s.manager.post(`${s.base}/task-rules/${rule.guid}/archive`)).statusCode).toBe(409);
    const inactive = (await s.manager.get(`${s.base}/task-rules?archived=true&page_size=100`)).json()
      .results as TaskRule[];
    expect(inactive.map((r) => r.guid)).toContain(rule.guid);
    const bad = await s.manager.post(`${s.base}/task-rules`, {
      name: 'x',
      task_type: 'review',
      frequency: 'monthly',
      due_business_days: 1,
      start_date: '2026-01-01',
      account: s.b.electricity.guid,
    });
    expect(bad.json()).toEqual({ account: ['Choose an account of the entity.'] });
  });

  it("imports task rules from CSV: all rows or none, with each row's result", async () => {
    const s = await setup();
    const header = 'name,task_type,frequency,due_business_days,start_date,entity,account,assignee,backup';
    const legal = s.b.legal.nickname;
    const good = `Quarterly review,review,quarterly,5,2026-01-01,${legal},,associate@demo.test,manager@demo.test`;
    const broken = [
      header,
      good,
      `Weekly,weekly_task,weekly,5,2026-01-01,Nobody's Entity,,nobody@demo.test,`,
      'Yearly,review,yearly,99,2026-13-01,,,,',
    ].join('\n');
    const before = ((await s.manager.get(`${s.base}/task-rules?page_size=100`)).json() as { count: number })
      .count;
    const refused = await s.manager.post(`${s.base}/task-rules/import`, { csv: broken });
    expect(refused.statusCode, refused.body).toBe(200);
    const result = refused.json() as CsvImportResult;
    expect(result.imported).toBe(0);
    expect(result.rows[0]).toEqual({ line: 2, ok: true, errors: {} });
    expect(result.rows[1]).toMatchObject({ line: 3, ok: false });
    expect(Object.keys(result.rows[1]?.errors ?? {}).sort()).toEqual(['assignee', 'entity', 'task_type']);
    expect(Object.keys(result.rows[2]?.errors ?? {}).sort()).toEqual(['due_business_days', 'start_date']);
    expect((await s.manager.get(`${s.base}/task-rules?page_size=100`)).json().count).toBe(before);

    const accepted = await s.manager.post(`${s.base}/task-rules/import`, {
      csv: [header, good, 'Monthly close,reconciliation,monthly,2,2026-01-01,,,,'].join('\n'),
    });
    expect(accepted.json()).toMatchObject({ imported: 2, rows: [{ ok: true }, { ok: true }] });
    expect((await s.manager.get(`${s.base}/task-rules?page_size=100`)).json().count).toBe(before + 2);

    const notCsv = await s.manager.post(`${s.base}/task-rules/import`, { csv: 'name,task_type\n"unclosed' });
    expect(notCsv.statusCode).toBe(400);
    expect(Object.keys(notCsv.json())).toEqual(['csv']);
    const missing = await s.manager.post(`${s.base}/task-rules/import`, { csv: 'name\nA' });
    expect(missing.json().csv[0]).toMatch(/^Missing columns: task_type, frequency/);
  });

  it('imports tasks from CSV, all or none', async () => {
    const s = await setup();
    const header = 'title,task_type,due_date,status,assignee';
    const refused = await s.manager.post(`${s.base}/tasks/import`, {
      csv: [
        header,
        'Collect 2025 statements,review,2026-03-01,,associate@demo.test',
        'Bad,review,soon,done,',
      ].join('\n'),
    });
    expect(refused.json()).toMatchObject({
      imported: 0,
      rows: [
        { line: 2, ok: true },
        { line: 3, ok: false },
      ],
    });
    expect(Object.keys((refused.json() as CsvImportResult).rows[1]?.errors ?? {}).sort()).toEqual([
      'due_date',
      'status',
    ]);
    const titles = async () =>
      ((await s.manager.get(s.tasksUrl)).json().results as WorkflowTask[]).map((r) => r.title);
    expect(await titles()).not.toContain('Collect 2025 statements');

    const accepted = await s.manager.post(`${s.base}/tasks/import`, {
      csv: [
        header,
        'Collect 2025 statements,review,2026-03-01,,associate@demo.test',
        'Close January,reconciliation,2026-02-05,blocked,',
      ].join('\n'),
    });
    expect(accepted.json()).toMatchObject({ imported: 2 });
    const all = (await s.manager.get(s.tasksUrl)).json().results as WorkflowTask[];
    expect(all.find((r) => r.title === 'Collect 2025 statements')).toMatchObject({
      type: 'review',
      status: 'ready',
      due_date: '2026-03-01',
      assignee: { guid: s.associateGuid },
    });
    expect(all.find((r) => r.title === 'Close January')).toMatchObject({
      status: 'blocked',
      is_overdue: true,
    });
  });
});
