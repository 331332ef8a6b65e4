import type { CsvImportResult, TaskRule, WorkflowTask } from '@bp/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { userGuidOf } from '../../test/org-admin.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { auditOf } from '../entities/test-support.ts';
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
    const base = `/v1/accounts/organizations/${b.org.guid}`;
    const tasksUrl = `${base}/tasks?page_size=100`;
    // Only this test's rules raise.
    await t.deps.database.db.update(reportReminders).set({ archivedAt: new Date() });
    await t.deps.database.db.update(taskRules).set({ archivedAt: new Date() });
    return { k, b, manager, associateGuid, base, tasksUrl };
  }

  it("a rule raises its scope's task each period, once; archived rules raise nothing", async () => {
    const s = await setup();
    const res = await s.manager.post(`${s.base}/task-rules`, {
      client: s.b.client.guid,
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
      client: { guid: s.b.client.guid, name: s.b.client.name },
      entity: { guid: s.b.legal.guid, name: s.b.legal.nickname },
      account: { guid: s.b.electricity.guid },
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
      client: s.b.client.guid,
      name: 'x',
      task_type: 'review',
      frequency: 'monthly',
      due_business_days: 1,
      start_date: '2026-01-01',
      account: s.b.electricity.guid,
    });
    expect(bad.json()).toEqual({ account: ['Choose an account of the entity.'] });
    const outsiderClient = await s.manager.post(`${s.base}/task-rules`, {
      client: '00000000-0000-4000-8000-000000000001',
      name: 'x',
      task_type: 'review',
      frequency: 'monthly',
      due_business_days: 1,
      start_date: '2026-01-01',
    });
    expect(outsiderClient.json()).toEqual({ client: ['Choose a client of the organization.'] });
  });

  it('edits a rule, unarchives it, deletes it (its tasks stay), and keeps it from other organisations', async () => {
    const s = await setup();
    const rule = (
      await s.manager.post(`${s.base}/task-rules`, {
        client: s.b.client.guid,
        name: 'Collect statements',
        task_type: 'reconciliation',
        frequency: 'monthly',
        due_business_days: 2,
        start_date: '2026-01-01',
        entity: s.b.legal.guid,
      })
    ).json() as TaskRule;
    const url = `${s.base}/task-rules/${rule.guid}`;
    const edited = await s.manager.patch(url, {
      name: 'Collect bank statements',
      frequency: 'weekly',
      account: s.b.electricity.guid,
      assignee: s.associateGuid,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Collect bank statements',
      frequency: 'weekly',
      entity: { guid: s.b.legal.guid },
      account: { guid: s.b.electricity.guid },
      assignee: { guid: s.associateGuid },
    });
    // A whole-client rule names no account: clearing the entity clears the account.
    expect((await s.manager.patch(url, { entity: null })).json()).toMatchObject({
      entity: null,
      account: null,
    });
    expect((await s.manager.patch(url, { due_business_days: 99 })).statusCode).toBe(400);
    expect((await s.manager.get(url)).json().name).toBe('Collect bank statements');
    const filtered = (
      await s.manager.get(`${s.base}/task-rules?client=${s.b.client.guid}&search=bank%20statements`)
    ).json() as { results: TaskRule[] };
    expect(filtered.results.map((r) => r.guid)).toEqual([rule.guid]);

    expect((await s.manager.post(`${url}/unarchive`)).statusCode).toBe(409);
    await s.manager.post(`${url}/archive`);
    expect((await s.manager.post(`${url}/unarchive`)).json().is_archived).toBe(false);

    const job = createReminderJob({ db: t.deps.database.db, now: () => t.clock.now });
    expect((await job.runOnce()).raised).toBeGreaterThan(0);
    const raised = async () =>
      ((await s.manager.get(`${s.tasksUrl}&search=Collect%20bank%20statements`)).json() as { count: number })
        .count;
    const before = await raised();
    expect(before).toBeGreaterThan(0);
    const outsider = await s.k.as('other@second.test');
    expect((await outsider.get(url)).statusCode).toBe(404);
    expect((await outsider.del(url)).statusCode).toBe(404);
    expect((await s.manager.del(url)).statusCode).toBe(204);
    expect((await s.manager.get(url)).statusCode).toBe(404);
    expect(await raised()).toBe(before);
    expect((await auditOf(t, rule.guid)).map((a) => a.action)).toEqual([
      'task_rule_created',
      'task_rule_updated',
      'task_rule_updated',
      'task_rule_archived',
      'task_rule_unarchived',
      'task_rule_deleted',
    ]);
  });

  it("imports task rules from CSV: all rows or none, with each row's result", async () => {
    const s = await setup();
    const header =
      'client,name,task_type,frequency,due_business_days,start_date,entity,account,assignee,backup';
    const legal = s.b.legal.nickname;
    const client = s.b.client.name;
    const good = `${client},Quarterly review,review,quarterly,5,2026-01-01,${legal},,associate@demo.test,manager@demo.test`;
    const broken = [
      header,
      good,
      `${client},Weekly,weekly_task,weekly,5,2026-01-01,Nobody's Entity,,nobody@demo.test,`,
      `${client},Yearly,review,yearly,99,2026-13-01,,,,`,
      'No Such Client,Monthly,review,monthly,1,2026-01-01,,,,',
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
    expect(result.rows[3]?.errors).toEqual({ client: ['The organization has no client by this name.'] });
    expect((await s.manager.get(`${s.base}/task-rules?page_size=100`)).json().count).toBe(before);

    const accepted = await s.manager.post(`${s.base}/task-rules/import`, {
      csv: [header, good, `${client},Monthly close,reconciliation,monthly,2,2026-01-01,,,,`].join('\n'),
    });
    expect(accepted.json()).toMatchObject({ imported: 2, rows: [{ ok: true }, { ok: true }] });
    expect((await s.manager.get(`${s.base}/task-rules?page_size=100`)).json().count).toBe(before + 2);

    const notCsv = await s.manager.post(`${s.base}/task-rules/import`, { csv: 'name,task_type\n"unclosed' });
    expect(notCsv.statusCode).toBe(400);
    expect(Object.keys(notCsv.json())).toEqual(['csv']);
    const missing = await s.manager.post(`${s.base}/task-rules/import`, { csv: 'name\nA' });
    expect(missing.json().csv[0]).toMatch(/^Missing columns: client, task_type, frequency/);
  });

  it('imports tasks from CSV, all or none', async () => {
    const s = await setup();
    const header = 'client,title,task_type,due_date,status,assignee';
    const client = s.b.client.name;
    const refused = await s.manager.post(`${s.base}/tasks/import`, {
      csv: [
        header,
        `${client},Collect 2025 statements,review,2026-03-01,,associate@demo.test`,
        `${client},Bad,review,soon,done,`,
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
        `${client},Collect 2025 statements,review,2026-03-01,,associate@demo.test`,
        `${client},Close January,reconciliation,2026-02-05,blocked,`,
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
