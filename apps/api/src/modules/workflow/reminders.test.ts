import type { ReportReminder, WorkflowTask } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { userGuidOf } from '../../test/org-admin.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { outbox } from '../notifications/tables.ts';
import { tasks } from '../tasks/tables.ts';
import { createReminderJob, raisePeriod } from './raise.ts';
import { reportReminderPeriods, reportReminders } from './tables.ts';

describe.each(backends)('report reminders (%s)', (backend) => {
  const t = useTestApp(backend);
  afterEach(() => {
    t.clock.now = new Date();
  });

  async function setup() {
    const k = workflowKit(t);
    const b = await k.books();
    const base = `/v1/reports/clients/${b.client.guid}/report-reminders`;
    const orgBase = `/v1/reports/organizations/${b.org.guid}`;
    const manager = await k.as('manager@demo.test');
    const associateGuid = await userGuidOf(t, 'associate@demo.test');
    const managerGuid = await userGuidOf(t, 'manager@demo.test');
    return { k, b, base, orgBase, manager, associateGuid, managerGuid };
  }

  async function create(s: Awaited<ReturnType<typeof setup>>, body: Record<string, unknown> = {}) {
    const res = await s.manager.post(s.base, {
      name: 'Quarterly cash flow',
      entity: s.b.legal.guid,
      report_type: 'cash_flow',
      frequency: 'quarterly',
      due_business_days: 5,
      start_date: '2026-01-15',
      assignee: s.associateGuid,
      backup: s.managerGuid,
      channels: ['email', 'push'],
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ReportReminder;
  }

  it('creates, reads, lists, edits, archives, unarchives and skips, with the history of each', async () => {
    t.clock.now = new Date('2026-02-10T12:00:00Z');
    const s = await setup();
    const created = await create(s);
    expect(created).toMatchObject({
      name: 'Quarterly cash flow',
      client: { guid: s.b.client.guid, name: 'Harper Household' },
      entity: { guid: s.b.legal.guid },
      frequency: 'quarterly',
      due_business_days: 5,
      assignee: { guid: s.associateGuid },
      backup: { guid: s.managerGuid },
      channels: ['email', 'push'],
      is_archived: false,
      // Q1 2026 ends Tue Mar 31; five business days later is Tue Apr 7.
      next_period: { start: '2026-01-01', end: '2026-03-31', due_date: '2026-04-07' },
    });

    const one = await s.manager.get(`${s.base}/${created.guid}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().guid).toBe(created.guid);
    const byOrg = await s.manager.get(`${s.orgBase}/report-reminders/${created.guid}`);
    expect(byOrg.json().client.guid).toBe(s.b.client.guid);

    const patched = await s.manager.patch(`${s.base}/${created.guid}`, {
      name: 'Q cash flow',
      due_business_days: 0,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Q cash flow', next_period: { due_date: '2026-03-31' } });

    // Skipping Q1 moves the next period to Q2 (ends Tue Jun 30); skipping it twice is refused.
    const skipped = await s.manager.post(`${s.base}/${created.guid}/skip`, { period_date: '2026-02-01' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().next_period).toMatchObject({ start: '2026-04-01', end: '2026-06-30' });
    const again = await s.manager.post(`${s.base}/${created.guid}/skip`, { period_date: '2026-03-31' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'period_skipped' });

    const archived = await s.manager.post(`${s.base}/${created.guid}/archive`);
    expect(archived.json().is_archived).toBe(true);
    expect((await s.manager.post(`${s.base}/${created.guid}/archive`)).statusCode).toBe(409);
    const inactive = await s.manager.get(`${s.base}?archived=true`);
    expect(inactive.json().results.map((r: ReportReminder) => r.guid)).toEqual([created.guid]);
    expect((await s.manager.get(s.base)).json().count).toBe(0);
    const unarchived = await s.manager.post(`${s.base}/${created.guid}/unarchive`);
    expect(unarchived.json().is_archived).toBe(false);

    const history = await s.manager.get(`${s.base}/${created.guid}/history`);
    expect(history.statusCode).toBe(200);
    expect(
      history
        .json()
        .results.map((e: { event: string }) => e.event)
        .sort(),
    ).toEqual(['created', 'report_archived', 'report_skipped', 'report_unarchived'].sort());
    expect(history.json().results.find((e: { event: string }) => e.event === 'report_skipped')).toMatchObject(
      {
        period_start: '2026-01-01',
        user: { guid: s.managerGuid },
      },
    );
  });

  it('filters the lists: reconciliation reminders, frequency, assignee and the organisation-wide list', async () => {
    t.clock.now = new Date('2026-02-10T12:00:00Z');
    const s = await setup();
    const cash = await create(s);
    const rec = await create(s, {
      name: 'Bank reconciliation',
      report_type: 'reconciliation',
      frequency: 'monthly',
      assignee: s.managerGuid,
      backup: null,
    });
    // Earlier tests' reminders share the database: each list must hold one and not the other.
    const guids = async (url: string) =>
      ((await s.manager.get(`${url}&page_size=100`)).json().results as ReportReminder[]).map((r) => r.guid);
    const recs = await guids(`${s.orgBase}/report-reminders?reconciliation=true`);
    expect(recs).toContain(rec.guid);
    expect(recs).not.toContain(cash.guid);
    const others = await guids(`${s.orgBase}/report-reminders?reconciliation=false`);
    expect(others).toContain(cash.guid);
    expect(others).not.toContain(rec.guid);
    const monthly = await guids(`${s.base}?frequency=monthly`);
    expect(monthly).toContain(rec.guid);
    expect(monthly).not.toContain(cash.guid);
    const mine = await guids(`${s.base}?assignee=${s.associateGuid}`);
    expect(mine).toContain(cash.guid);
    expect(mine).not.toContain(rec.guid);
    expect(await guids(`${s.base}?search=bank`)).toEqual([rec.guid]);
  });

  it('refuses bad input by field and hides reminders from client users and other organisations', async () => {
    const s = await setup();
    const bad = await s.manager.post(s.base, {
      name: ' ',
      report_type: 'weekly_digest',
      frequency: 'daily',
      due_business_days: 61,
      start_date: '2026-02-30',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(
      ['due_business_days', 'frequency', 'name', 'report_type', 'start_date'].sort(),
    );
    const client = await s.k.as('client@demo.test');
    const foreign = await userGuidOf(t, 'client@demo.test');
    const notStaff = await s.manager.post(s.base, {
      name: 'x',
      report_type: 'custom',
      frequency: 'weekly',
      due_business_days: 1,
      start_date: '2026-01-01',
      assignee: foreign,
    });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json()).toEqual({ assignee: ['Choose a staff member of the organization.'] });
    const same = await s.manager.post(s.base, {
      name: 'x',
      report_type: 'custom',
      frequency: 'weekly',
      due_business_days: 1,
      start_date: '2026-01-01',
      assignee: s.associateGuid,
      backup: s.associateGuid,
    });
    expect(same.json()).toEqual({ backup: ['The backup must be someone other than the assignee.'] });

    const created = await create(s);
    // Client users reach their client but not its staff's reminders: refused.
    expect((await client.get(`${s.base}/${created.guid}`)).statusCode).toBe(403);
    expect(
      (
        await client.post(s.base, {
          name: 'x',
          report_type: 'custom',
          frequency: 'weekly',
          due_business_days: 1,
          start_date: '2026-01-01',
        })
      ).statusCode,
    ).toBe(403);
    const outsider = await s.k.as('other@second.test');
    expect((await outsider.get(`${s.base}/${created.guid}`)).statusCode).toBe(404);
    expect((await outsider.get(`${s.orgBase}/report-reminders/${created.guid}`)).statusCode).toBe(404);
  });

  /** Earlier tests' reminders would raise too: the job tests start with none active. */
  async function archiveAll() {
    await t.deps.database.db.update(reportReminders).set({ archivedAt: new Date() });
  }

  it('raises each ended period once, due N business days after its end, and notifies through the outbox', async () => {
    t.clock.now = new Date('2026-02-10T12:00:00Z');
    const s = await setup();
    await archiveAll();
    const reminder = await create(s, {
      frequency: 'monthly',
      start_date: '2025-12-03',
      due_business_days: 3,
    });
    await s.manager.post(`${s.base}/${reminder.guid}/skip`, { period_date: '2026-01-20' });
    const job = createReminderJob({ db: t.deps.database.db, now: () => t.clock.now });
    // December 2025 has ended (January is skipped, February has not): one task. Dec 31 is a Wednesday;
    // Jan 1 is a holiday, so three business days later is Tue Jan 6.
    expect(await job.runOnce()).toEqual({ raised: 1 });
    expect(await job.runOnce()).toEqual({ raised: 0 });
    const list = await s.manager.get(`${s.orgBase}/tasks?open=true&page_size=100`);
    expect(list.statusCode, list.body).toBe(200);
    const mine = (list.json().results as WorkflowTask[]).filter((r) => r.reminder === reminder.guid);
    expect(mine).toHaveLength(1);
    const [task] = mine;
    expect(task).toMatchObject({
      type: 'report_reminder',
      status: 'ready',
      reminder: reminder.guid,
      period_start: '2025-12-01',
      period_end: '2025-12-31',
      due_date: '2026-01-06',
      is_overdue: true,
      assignee: { guid: s.associateGuid },
      backup: { guid: s.managerGuid },
      client: { name: 'Harper Household' },
    });
    const mail = await t.deps.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, 'associate@demo.test')));
    expect(mail.some((m) => m.subject === 'Report due 2026-01-06: Quarterly cash flow')).toBe(true);

    // An archived reminder raises nothing; in March, February's task comes.
    await s.manager.post(`${s.base}/${reminder.guid}/archive`);
    t.clock.now = new Date('2026-03-02T12:00:00Z');
    expect(await job.runOnce()).toEqual({ raised: 0 });
    // Three weeks on, the morning's sign-in has expired: sign in again.
    const manager = await s.k.as('manager@demo.test');
    expect((await manager.post(`${s.base}/${reminder.guid}/unarchive`)).statusCode).toBe(200);
    expect(await job.runOnce()).toEqual({ raised: 1 });
    const all = (await manager.get(`${s.orgBase}/tasks?page_size=100`)).json().results as WorkflowTask[];
    expect(all.filter((r) => r.reminder === reminder.guid).map((r) => r.period_start)).toEqual([
      '2025-12-01',
      '2026-02-01',
    ]);
    // Once raised, a period cannot be skipped.
    const late = await manager.post(`${s.base}/${reminder.guid}/skip`, { period_date: '2025-12-05' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'period_raised' });
  });

  it('two runners raising the same period at once yield one task', async () => {
    t.clock.now = new Date('2026-02-10T12:00:00Z');
    const s = await setup();
    await archiveAll();
    const created = await create(s, { frequency: 'weekly', start_date: '2026-02-02', due_business_days: 1 });
    const { db } = t.deps.database;
    const [row] = await db.select().from(reportReminders).where(eq(reportReminders.guid, created.guid));
    if (!row) throw new Error('no reminder');
    const period = { start: '2026-02-02', end: '2026-02-08' };
    const results = await Promise.all([
      raisePeriod(db, row, period, 'Harper Household'),
      raisePeriod(db, row, period, 'Harper Household'),
      raisePeriod(db, row, period, 'Harper Household'),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    // Two whole job runs at once on top: still nothing more.
    const jobA = createReminderJob({ db, now: () => t.clock.now });
    const jobB = createReminderJob({ db, now: () => t.clock.now });
    const [a, b] = await Promise.all([jobA.runOnce(), jobB.runOnce()]);
    expect(a.raised + b.raised).toBe(0);
    const raised = await db
      .select({ dueDate: tasks.dueDate })
      .from(reportReminderPeriods)
      .innerJoin(tasks, eq(tasks.id, reportReminderPeriods.taskId))
      .where(eq(reportReminderPeriods.reminderId, row.id));
    expect(raised).toHaveLength(1);
    expect(raised[0]?.dueDate).toBe('2026-02-09');
  });

  it("a reconciliation reminder's period opens in the reconciliation workflow", async () => {
    t.clock.now = new Date('2026-02-10T12:00:00Z');
    const s = await setup();
    await archiveAll();
    await create(s, {
      name: 'Bank rec',
      report_type: 'reconciliation',
      frequency: 'monthly',
      start_date: '2026-01-01',
      due_business_days: 2,
    });
    const job = createReminderJob({ db: t.deps.database.db, now: () => t.clock.now });
    expect(await job.runOnce()).toEqual({ raised: 1 });
    const queue = await s.manager.get(`${s.orgBase}/reconciliations?entity=${s.b.legal.guid}&page_size=100`);
    const opened = (
      queue.json().results as { period_start: string; due_date: string; step: string }[]
    ).filter((r) => r.period_start === '2026-01-01' && r.due_date === '2026-02-03');
    expect(opened).toEqual([
      expect.objectContaining({ step: 'Open', assignee: expect.objectContaining({ guid: s.associateGuid }) }),
    ]);
  });
});
