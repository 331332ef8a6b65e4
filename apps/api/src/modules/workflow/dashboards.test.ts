import type {
  DashboardBillFigures,
  DashboardReconciliationFigures,
  DashboardReportFigures,
  DashboardTaskFigures,
} from '@bp/contracts';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { userGuidOf } from '../../test/org-admin.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { reportReminders } from './tables.ts';

/**
 * The dashboards' figures agree with the lists they link to: every figure is compared with the count the
 * list answers for the same filters, before and after the work moves.
 */
describe.each(backends)('dashboard figures (%s)', (backend) => {
  const t = useTestApp(backend);

  it('counts tasks, reconciliations, reports due and waiting bills as their lists do', async () => {
    t.clock.now = new Date('2026-02-10T12:00:00Z');
    try {
      const k = workflowKit(t);
      const b = await k.books();
      const manager = await k.as('manager@demo.test');
      const associate = await k.as('associate@demo.test');
      const associateGuid = await userGuidOf(t, 'associate@demo.test');
      const org = `/v1/reports/organizations/${b.org.guid}`;
      const dash = `${org}/dashboard`;
      const listCount = async (path: string) => {
        const res = await manager.get(path);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().count as number;
      };
      // Only this test's reminder raises.
      await t.deps.database.db.update(reportReminders).set({ archivedAt: new Date() });
      const reminder = await manager.post(`/v1/reports/clients/${b.client.guid}/report-reminders`, {
        name: 'Monthly check register',
        report_type: 'check_registers',
        frequency: 'monthly',
        due_business_days: 2,
        start_date: '2026-01-01',
        assignee: associateGuid,
      });
      expect(reminder.statusCode, reminder.body).toBe(201);

      // Raise now: the job's code for this organisation; January's period (due 3 Feb) is raised once.
      const raised = await manager.post(`${org}/report-reminders/raise`, {});
      expect(raised.statusCode, raised.body).toBe(200);
      expect(raised.json().raised).toBeGreaterThanOrEqual(1);
      expect((await manager.post(`${org}/report-reminders/raise`, {})).json()).toEqual({ raised: 0 });

      // Tasks per person = the task list with open, assignee, assignment=assigned and each due filter.
      const tasks = (await manager.get(`${dash}/tasks`)).json() as DashboardTaskFigures;
      expect(tasks.today).toBe('2026-02-10');
      const mine = tasks.people.find((p) => p.person.guid === associateGuid);
      expect(mine?.overdue).toBeGreaterThanOrEqual(1);
      for (const p of tasks.people) {
        const q = `${org}/tasks?open=true&assignee=${p.person.guid}&assignment=assigned`;
        expect(p.open).toBe(await listCount(q));
        expect(p.overdue).toBe(await listCount(`${q}&due=overdue`));
        expect(p.due_today).toBe(await listCount(`${q}&due=today`));
        expect(p.due_week).toBe(await listCount(`${q}&due=week`));
      }
      const own = (
        await associate.get(`${dash}/tasks?assignee=${associateGuid}`)
      ).json() as DashboardTaskFigures;
      expect(own.people.map((p) => p.person.guid)).toEqual([associateGuid]);
      expect(own.people[0]).toEqual(mine);

      // Reports due this week = type=report_reminder&open=true&due=week.
      const reports = (await manager.get(`${dash}/reports-due`)).json() as DashboardReportFigures;
      expect(reports.total).toBe(await listCount(`${org}/tasks?type=report_reminder&open=true&due=week`));
      expect(reports.overdue).toBeGreaterThanOrEqual(1);
      expect(reports.by_day.reduce((sum, d) => sum + d.count, 0)).toBe(reports.total);

      // Reconciliation progress for January = the queue with period=2026-01, per client and step.
      const recs = [];
      // One account-period is opened once: the two are the books of the client's two entities.
      for (const [entity, due] of [
        [b.legal, '2026-02-06'],
        [b.personal, '2026-02-12'],
      ] as const) {
        const res = await manager.post(`/v1/reports/clients/${b.client.guid}/reconciliations`, {
          entity: entity.guid,
          period_start: '2026-01-01',
          period_end: '2026-01-31',
          due_date: due,
          assignee: associateGuid,
        });
        expect(res.statusCode, res.body).toBe(201);
        recs.push(res.json());
      }
      const progress = async () => {
        const res = await manager.get(`${dash}/reconciliations?period=2026-01`);
        expect(res.statusCode, res.body).toBe(200);
        const figures = res.json() as DashboardReconciliationFigures;
        return figures.clients.find((c) => c.client.guid === b.client.guid);
      };
      const before = await progress();
      const queueOf = `${org}/reconciliations?period=2026-01&client=${b.client.guid}`;
      expect(before?.total).toBe(await listCount(queueOf));
      expect(before?.by_step.Open).toBe(await listCount(`${queueOf}&step=Open`));
      const moved = await associate.post(
        `/v1/reports/clients/${b.client.guid}/reconciliations/${recs[0].guid}/move`,
        { to_step: 'Collect Statement' },
      );
      expect(moved.statusCode, moved.body).toBe(200);
      const after = await progress();
      expect(after?.total).toBe(before?.total);
      expect(after?.by_step.Open).toBe((before?.by_step.Open ?? 0) - 1);
      expect(after?.by_step['Collect Statement']).toBe((before?.by_step['Collect Statement'] ?? 0) + 1);
      expect(after?.by_step['Collect Statement']).toBe(
        await listCount(`${queueOf}&step=Collect%20Statement`),
      );
      // Without a period: last month, the month being closed (today is 10 February).
      const closing = (await manager.get(`${dash}/reconciliations`)).json() as DashboardReconciliationFigures;
      expect(closing.period).toBe('2026-01');
      expect(closing.clients.find((c) => c.client.guid === b.client.guid)).toEqual(after);
      // Another month holds none of them.
      const december = (await manager.get(`${dash}/reconciliations?period=2025-12`)).json();
      expect(
        december.clients.find((c: { client: { guid: string } }) => c.client.guid === b.client.guid),
      ).toBe(undefined);

      // Bills waiting per queue = the queue counts of the bill lists.
      await k.enter(associate);
      const bills = (await manager.get(`${dash}/bills`)).json() as DashboardBillFigures;
      const counts = (await manager.get(`/v1/billing/organizations/${b.org.guid}/bills/queue-counts`)).json();
      for (const q of bills.queues) {
        expect(q.count, q.queue).toBe(counts[q.queue]);
        expect(Object.values(q.ages).reduce((sum, n) => sum + n, 0)).toBe(q.count);
      }
      expect(bills.queues.map((q) => q.queue)).not.toContain('paid');

      // Bad input is a 400 on the field; client users are refused.
      const bad = await manager.get(`${dash}/reconciliations?period=2026-13`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['period']);
      const client = await k.as('client@demo.test');
      expect((await client.get(`${dash}/tasks`)).statusCode).toBeGreaterThanOrEqual(403);
      expect((await client.post(`${org}/report-reminders/raise`, {})).statusCode).toBeGreaterThanOrEqual(403);
    } finally {
      t.clock.now = new Date();
    }
  });
});
