import type { Reconciliation } from '@bp/contracts';
import { RECONCILIATION_STEP_VALUES } from '@bp/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { userGuidOf } from '../../test/org-admin.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { auditOf } from '../entities/test-support.ts';

describe.each(backends)('reconciliation workflow (%s)', (backend) => {
  const t = useTestApp(backend);
  let opened = 0;
  afterEach(() => {
    t.clock.now = new Date();
  });

  async function setup() {
    t.clock.now = new Date('2026-02-10T12:00:00Z');
    const k = workflowKit(t);
    const b = await k.books();
    const base = `/v1/reports/clients/${b.client.guid}/reconciliations`;
    const queue = `/v1/reports/organizations/${b.org.guid}/reconciliations`;
    const manager = await k.as('manager@demo.test');
    const associate = await k.as('associate@demo.test');
    const associateGuid = await userGuidOf(t, 'associate@demo.test');
    const managerGuid = await userGuidOf(t, 'manager@demo.test');
    async function open(body: Record<string, unknown> = {}) {
      // Each its own period: an account-period has one reconciliation, and tests share the database.
      opened += 1;
      const year = 1990 + opened;
      const res = await manager.post(base, {
        entity: b.legal.guid,
        account: b.electricity.guid,
        period_start: `${year}-01-01`,
        period_end: `${year}-01-31`,
        due_date: '2026-02-06',
        assignee: associateGuid,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Reconciliation;
    }
    const move = (by: typeof manager, rec: Reconciliation, to_step: string) =>
      by.post(`${base}/${rec.guid}/move`, { to_step });
    return { k, b, base, queue, manager, associate, associateGuid, managerGuid, open, move };
  }

  it('moves through the thirteen steps in order, the preparer never passing a review', async () => {
    const s = await setup();
    const rec = await s.open();
    expect(rec).toMatchObject({
      step: 'Open',
      is_overdue: true,
      assignee: { guid: s.associateGuid },
      account: { guid: s.b.electricity.guid },
    });
    // Skipping a step is refused.
    const skip = await s.move(s.associate, rec, 'Reconcile');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({
      code: 'not_next_step',
      detail: 'The next step is Collect Statement.',
    });

    for (const step of ['Collect Statement', 'Reconcile', 'Reconcile Completed']) {
      const res = await s.move(s.associate, rec, step);
      expect(res.statusCode, res.body).toBe(200);
    }
    const prepared = (await s.manager.get(`${s.base}/${rec.guid}`)).json() as Reconciliation;
    expect(prepared.preparer?.guid).toBe(s.associateGuid);
    expect((await s.move(s.associate, rec, 'Report Sent')).statusCode).toBe(200);
    expect((await s.move(s.associate, rec, 'Initial Review')).statusCode).toBe(200);
    // The preparer may not pass the review; someone else may.
    const own = await s.move(s.associate, rec, 'Secondary Review');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({
      detail: 'The preparer cannot review their own reconciliation.',
      code: 'preparer_cannot_review',
    });
    const rest = RECONCILIATION_STEP_VALUES.slice(RECONCILIATION_STEP_VALUES.indexOf('Secondary Review'));
    for (const step of rest) {
      const res = await s.move(s.manager, rec, step);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().step).toBe(step);
    }
    const done = await s.move(s.manager, rec, 'Active');
    expect(done.statusCode).toBe(409);
    // Back to Active: it leaves the queue for the inactive list.
    expect((await s.manager.get(s.queue)).json().count).toBe(0);
    const inactive = await s.manager.get(`${s.queue}?inactive=true`);
    expect(inactive.json().results.map((r: Reconciliation) => r.guid)).toEqual([rec.guid]);
    expect(inactive.json().results[0].is_overdue).toBe(false);
  });

  it('moves back with a reason, clears the preparer when sent back to reconcile, and records every move', async () => {
    const s = await setup();
    const rec = await s.open();
    for (const step of ['Collect Statement', 'Reconcile', 'Reconcile Completed', 'Report Sent']) {
      await s.move(s.associate, rec, step);
    }
    const noReason = await s.manager.post(`${s.base}/${rec.guid}/move-back`, { to_step: 'Reconcile' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: ['This field is required.'] });
    const forward = await s.manager.post(`${s.base}/${rec.guid}/move-back`, {
      to_step: 'Initial Review',
      reason: 'x',
    });
    expect(forward.statusCode).toBe(409);
    const back = await s.manager.post(`${s.base}/${rec.guid}/move-back`, {
      to_step: 'Reconcile',
      reason: 'The statement balance does not match.',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ step: 'Reconcile', preparer: null });
    const history = await s.manager.get(`${s.base}/${rec.guid}/history`);
    // Opened, four steps forward, one back.
    expect(history.json().count).toBe(6);
    expect(history.json().results[5]).toMatchObject({
      from_step: 'Open',
      to_step: 'Open',
      direction: 'created',
    });
    expect(history.json().results[0]).toMatchObject({
      from_step: 'Report Sent',
      to_step: 'Reconcile',
      direction: 'back',
      reason: 'The statement balance does not match.',
      user: { guid: s.managerGuid },
    });
  });

  it('is a work queue: filters by client, entity, assignee, step, review level and due; counts; bulk assign', async () => {
    const s = await setup();
    const before = (await s.manager.get(`${s.queue}/counts`)).json();
    const a = await s.open();
    const b = await s.open({
      entity: s.b.personal.guid,
      account: null,
      due_date: '2026-03-20',
      assignee: null,
    });
    const c = await s.open({ due_date: '2026-02-12' });
    for (const step of [
      'Collect Statement',
      'Reconcile',
      'Reconcile Completed',
      'Report Sent',
      'Initial Review',
    ]) {
      await s.move(s.associate, c, step);
    }
    // Earlier tests' reconciliations share the database: only this test's three are compared.
    const mine = new Set([a.guid, b.guid, c.guid]);
    const guids = async (query: string) =>
      ((await s.manager.get(`${s.queue}?page_size=100&${query}`)).json().results as Reconciliation[])
        .map((r) => r.guid)
        .filter((g) => mine.has(g));
    // Soonest due first.
    expect(await guids('')).toEqual([a.guid, c.guid, b.guid]);
    expect(await guids(`entity=${s.b.personal.guid}`)).toEqual([b.guid]);
    expect(await guids(`client=${s.b.client.guid}`)).toHaveLength(3);
    expect(await guids(`assignee=${s.associateGuid}`)).toEqual([a.guid, c.guid]);
    expect(await guids('step=Open')).toEqual([a.guid, b.guid]);
    expect(await guids('review=initial')).toEqual([c.guid]);
    expect(await guids('review=secondary')).toEqual([]);
    expect(await guids('due=overdue')).toEqual([a.guid]);
    expect(await guids('due=week')).toEqual([a.guid, c.guid]);
    const counts = await s.manager.get(`${s.queue}/counts`);
    const after = counts.json();
    expect(after.total - before.total).toBe(3);
    expect(after.overdue - before.overdue).toBe(1);
    expect(after.by_step.Open - (before.by_step.Open ?? 0)).toBe(2);
    expect(after.by_step['Initial Review'] - (before.by_step['Initial Review'] ?? 0)).toBe(1);

    const assigned = await s.manager.post(`${s.queue}/bulk-assign`, {
      reconciliations: [a.guid, b.guid],
      assignee: s.managerGuid,
    });
    expect(assigned.json()).toEqual({ updated: 2 });
    expect(await guids(`assignee=${s.managerGuid}`)).toEqual([a.guid, b.guid]);
    // All or none: one unknown guid and nothing changes.
    const partial = await s.manager.post(`${s.queue}/bulk-assign`, {
      reconciliations: [a.guid, '00000000-0000-4000-8000-00000000dead'],
      assignee: null,
    });
    expect(partial.statusCode).toBe(404);
    expect(await guids(`assignee=${s.managerGuid}`)).toEqual([a.guid, b.guid]);
  });

  it('refuses bad input and hides reconciliations from client users and other organisations', async () => {
    const s = await setup();
    const bad = await s.manager.post(s.base, {
      entity: s.b.legal.guid,
      period_start: '2026-02-01',
      period_end: '2026-01-01',
      due_date: 'soon',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['due_date', 'period_end']);
    const foreignAccount = await s.manager.post(s.base, {
      entity: s.b.personal.guid,
      account: s.b.electricity.guid,
      period_start: '2026-01-01',
      period_end: '2026-01-31',
      due_date: '2026-02-06',
    });
    expect(foreignAccount.json()).toEqual({ account: ['Choose an account of the entity.'] });
    const rec = await s.open();
    // The account-period has its reconciliation: opening it again is a 409, and so is the entity's books twice.
    const again = await s.manager.post(s.base, {
      entity: s.b.legal.guid,
      account: s.b.electricity.guid,
      period_start: rec.period_start,
      period_end: rec.period_end,
      due_date: '2026-03-01',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'reconciliation_exists' });
    const books = {
      entity: s.b.personal.guid,
      period_start: '1980-01-01',
      period_end: '1980-01-31',
      due_date: '1980-02-06',
    };
    expect((await s.manager.post(s.base, books)).statusCode).toBe(201);
    expect((await s.manager.post(s.base, { ...books, account: null })).statusCode).toBe(409);
    expect((await auditOf(t, rec.guid, 'reconciliation_created')).length).toBe(1);
    const client = await s.k.as('client@demo.test');
    // Client users reach their client but not its staff's work: refused.
    expect((await client.get(`${s.base}/${rec.guid}`)).statusCode).toBe(403);
    const outsider = await s.k.as('other@second.test');
    expect((await outsider.get(`${s.base}/${rec.guid}`)).statusCode).toBe(404);
    expect((await outsider.get(s.queue)).statusCode).toBe(404);
    const other = await outsider.post(
      `/v1/reports/organizations/${s.b.org.guid}/reconciliations/bulk-assign`,
      {
        reconciliations: [rec.guid],
        assignee: null,
      },
    );
    expect(other.statusCode).toBe(404);
  });
});
