import type { WorkflowTask } from '@bp/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { userGuidOf } from '../../test/org-admin.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { createReminderJob } from './raise.ts';
import { reportReminders } from './tables.ts';

describe.each(backends)('work lists: tasks (%s)', (backend) => {
  const t = useTestApp(backend);
  afterEach(() => {
    t.clock.now = new Date();
  });

  async function setup() {
    t.clock.now = new Date('2026-02-10T12:00:00Z');
    const k = workflowKit(t);
    const b = await k.books();
    const manager = await k.as('manager@demo.test');
    const associate = await k.as('associate@demo.test');
    const associateGuid = await userGuidOf(t, 'associate@demo.test');
    const managerGuid = await userGuidOf(t, 'manager@demo.test');
    const tasksUrl = `/v1/reports/organizations/${b.org.guid}/tasks`;
    // Only this test's reminder raises.
    await t.deps.database.db.update(reportReminders).set({ archivedAt: new Date() });
    const created = await manager.post(`/v1/reports/clients/${b.client.guid}/report-reminders`, {
      name: 'Monthly check register',
      report_type: 'check_registers',
      frequency: 'monthly',
      due_business_days: 2,
      start_date: '2026-01-01',
      assignee: associateGuid,
      backup: managerGuid,
    });
    expect(created.statusCode, created.body).toBe(201);
    await createReminderJob({ db: t.deps.database.db, now: () => t.clock.now }).runOnce();
    const list = (await manager.get(`${tasksUrl}?type=report_reminder&page_size=100`)).json()
      .results as WorkflowTask[];
    const task = list.find((r) => r.reminder === created.json().guid);
    if (!task) throw new Error('no task raised');
    return { k, b, manager, associate, associateGuid, managerGuid, tasksUrl, task };
  }

  it("lists workflow tasks and the bill steps' tasks in one list, filtered by type, assignee and assignment", async () => {
    const s = await setup();
    const bill = await s.k.enter(s.associate);
    const all = (await s.manager.get(`${s.tasksUrl}?page_size=100`)).json().results as WorkflowTask[];
    expect(all.some((r) => r.guid === s.task.guid)).toBe(true);
    const billTasks = (await s.manager.get(`${s.tasksUrl}?type=bill&page_size=100`)).json()
      .results as WorkflowTask[];
    const ofBill = billTasks.filter((r) => r.bill === bill.guid);
    expect(ofBill.length).toBeGreaterThan(0);
    expect(ofBill[0]).toMatchObject({ type: null, bill: bill.guid });
    expect(ofBill[0]?.kind).not.toBeNull();
    expect(billTasks.some((r) => r.guid === s.task.guid)).toBe(false);

    const mine = async (q: string) =>
      (
        (await s.manager.get(`${s.tasksUrl}?type=report_reminder&page_size=100&${q}`)).json()
          .results as WorkflowTask[]
      ).map((r) => r.guid);
    expect(await mine(`assignee=${s.associateGuid}&assignment=assigned`)).toContain(s.task.guid);
    expect(await mine(`assignee=${s.associateGuid}&assignment=backup`)).not.toContain(s.task.guid);
    expect(await mine(`assignee=${s.managerGuid}&assignment=backup`)).toContain(s.task.guid);
    expect(await mine(`assignee=${s.managerGuid}`)).toContain(s.task.guid);
  });

  it('moves a workflow task through its statuses, reassigns it, and refuses to change a bill task', async () => {
    const s = await setup();
    const url = `${s.tasksUrl}/${s.task.guid}`;
    const started = await s.associate.patch(url, { status: 'in_progress' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'in_progress', completed_on: null });
    const done = await s.associate.patch(url, { status: 'completed', assignee: s.managerGuid, backup: null });
    expect(done.json()).toMatchObject({
      status: 'completed',
      assignee: { guid: s.managerGuid },
      backup: null,
    });
    expect(done.json().completed_on).not.toBeNull();
    expect(done.json().is_overdue).toBe(false);
    const open = (await s.manager.get(`${s.tasksUrl}?open=true&page_size=100`)).json()
      .results as WorkflowTask[];
    expect(open.some((r) => r.guid === s.task.guid)).toBe(false);
    const reopened = await s.associate.patch(url, { status: 'blocked' });
    expect(reopened.json()).toMatchObject({ status: 'blocked', completed_on: null });

    const bad = await s.associate.patch(url, { status: 'finished' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['status']);

    const bill = await s.k.enter(s.associate);
    const billTask = (
      (await s.manager.get(`${s.tasksUrl}?type=bill&page_size=100`)).json().results as WorkflowTask[]
    ).find((r) => r.bill === bill.guid);
    if (!billTask) throw new Error('no bill task');
    const refused = await s.manager.patch(`${s.tasksUrl}/${billTask.guid}`, { status: 'completed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'bill_task' });
  });

  it('keeps comments on a task, oldest first, and hides them from other organisations', async () => {
    const s = await setup();
    const url = `${s.tasksUrl}/${s.task.guid}/comments`;
    const first = await s.associate.post(url, { body: 'Waiting for the bank statement.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      body: 'Waiting for the bank statement.',
      user: { guid: s.associateGuid },
    });
    await s.manager.post(url, { body: 'Chased the bank.' });
    const list = await s.manager.get(url);
    expect(list.json().results.map((c: { body: string }) => c.body)).toEqual([
      'Waiting for the bank statement.',
      'Chased the bank.',
    ]);
    expect((await s.manager.post(url, { body: '  ' })).json()).toEqual({ body: ['This field is required.'] });
    const outsider = await s.k.as('other@second.test');
    expect((await outsider.get(url)).statusCode).toBe(404);
  });
});
