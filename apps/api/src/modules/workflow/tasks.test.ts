import type { WorkflowTask } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { userGuidOf } from '../../test/org-admin.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { clientUsers } from '../clients/tables.ts';
import { designatedEntities } from '../entities/tables.ts';
import { users } from '../users/tables.ts';
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
    const tasksUrl = `/v1/accounts/organizations/${b.org.guid}/tasks`;
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
  it("lists a client's tasks: staff all of them, its users what they may see, a limited designee only its bills'", async () => {
    const s = await setup();
    const bill = await s.k.enter(s.associate);
    const url = `/v1/accounts/clients/${s.b.client.guid}/tasks?page_size=100`;
    const guidsOf = async (who: { get(url: string): Promise<{ statusCode: number; json(): unknown }> }) => {
      const res = await who.get(url);
      expect(res.statusCode).toBe(200);
      return (res.json() as { results: WorkflowTask[] }).results;
    };
    const staffSees = await guidsOf(s.manager);
    expect(staffSees.map((r) => r.guid)).toContain(s.task.guid);
    const billTask = staffSees.find((r) => r.bill === bill.guid);
    if (!billTask) throw new Error("no task of the bill in the client's list");
    expect(staffSees.every((r) => r.client.guid === s.b.client.guid)).toBe(true);
    // The Reports path answers the same organisation list (SPEC §7 lists tasks there too).
    const viaReports = await s.manager.get(`/v1/reports/organizations/${s.b.org.guid}/tasks?page_size=1`);
    expect(viaReports.json().count).toBe((await s.manager.get(`${s.tasksUrl}?page_size=1`)).json().count);
    // client= narrows the organisation's list to one client.
    const ofClient = (await s.manager.get(`${s.tasksUrl}?client=${s.b.client.guid}&page_size=1`)).json();
    expect(ofClient.count).toBe((await s.manager.get(url)).json().count);

    const client = await s.k.as('client@demo.test');
    const clientSees = (await guidsOf(client)).map((r) => r.guid);
    expect(clientSees).toContain(s.task.guid);
    const billVisible = (await client.get(s.b.bill(bill.guid))).statusCode === 200;
    expect(clientSees.includes(billTask.guid)).toBe(billVisible);
    expect((await (await s.k.as('observer@demo.test')).get(url)).statusCode).toBe(200);

    const [designeeUser] = await t.deps.database.db
      .select({ id: clientUsers.id })
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .where(and(eq(users.email, 'designee@demo.test'), eq(clientUsers.clientId, s.b.client.id)));
    if (!designeeUser) throw new Error('the designee is not on the client');
    await t.deps.database.db
      .insert(designatedEntities)
      .values({ clientUserId: designeeUser.id, entityId: s.b.personal.id });
    try {
      const designeeSees = (await guidsOf(await s.k.as('designee@demo.test'))).map((r) => r.guid);
      // Workflow tasks name no entity; the bill is the legal entity's: neither is the designee's.
      expect(designeeSees).not.toContain(s.task.guid);
      expect(designeeSees).not.toContain(billTask.guid);
    } finally {
      await t.deps.database.db
        .delete(designatedEntities)
        .where(eq(designatedEntities.clientUserId, designeeUser.id));
    }
    expect((await (await s.k.as('other@second.test')).get(url)).statusCode).toBe(404);
  });
});
