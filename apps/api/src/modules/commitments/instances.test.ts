import type { Commitment, CommitmentInstance, CommitmentTracker } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { generateInstances } from './instance-generation.ts';
import { createInstanceJob } from './instance-job.ts';
import { commitmentInstances } from './tables.ts';
import { commitmentKit } from './test-support.ts';

const START = new Date('2026-03-02T15:00:00Z');

describe.each(backends)('commitment instances (%s)', (backend) => {
  const t = useTestApp(backend);
  const kit = () => commitmentKit(t);
  afterEach(() => {
    t.clock.now = new Date();
  });

  async function instances(url: string, headers: Record<string, string> = {}) {
    const k = kit();
    const manager = await k.as('manager@demo.test', headers);
    const res = await manager.get(`${url}/instances?page_size=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as CommitmentInstance[];
  }

  it('generates three months ahead on create, on demand and by the job, each instance once', async () => {
    t.clock.now = START;
    const k = kit();
    const u = await k.urls();
    const created = await k.enter();
    // From the day it was entered (2026-03-02) to 2026-06-02; the 15th of March is a Sunday.
    expect(
      (await instances(u.commitment(created.id))).map((i) => [
        i.scheduled_date,
        i.due_date,
        i.expected_amount,
      ]),
    ).toEqual([
      ['2026-03-15', '2026-03-13', 15_000],
      ['2026-04-15', '2026-04-15', 15_000],
      ['2026-05-15', '2026-05-15', 15_000],
    ]);
    const manager = await k.as('manager@demo.test');
    await manager.post(`${u.orgCommitments}/generate-instances`);
    const again = await manager.post(`${u.orgCommitments}/generate-instances`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ inserted: 0, until: '2026-06-02' });
    expect(await k.instanceCount(created.id)).toBe(3);
    const job = createInstanceJob({ db: t.deps.database.db, now: () => t.clock.now });
    expect((await job.runOnce()).inserted).toBe(0);

    // Seven weeks later the job adds June and July; nothing twice.
    t.clock.now = new Date('2026-04-20T12:00:00Z');
    await job.runOnce();
    expect(await k.instanceCount(created.id)).toBe(5);
    expect((await job.runOnce()).inserted).toBe(0);
    // Client users may not generate; the associate may.
    const client = await k.as('client@demo.test');
    expect((await client.post(`${u.orgCommitments}/generate-instances`)).statusCode).toBe(404);
  });

  it('statuses: upcoming, late up to 30 days, then missed; skipped; the caller time zone decides today', async () => {
    t.clock.now = START;
    const k = kit();
    const u = await k.urls();
    const created = await k.enter({ memo: 'Statuses' });
    t.clock.now = new Date('2026-04-20T12:00:00Z');
    await generateInstances(t.deps.database.db, { now: t.clock.now });
    const manager = await k.as('manager@demo.test');
    const tracker = (await manager.get(`${u.commitment(created.id)}/tracker`)).json() as CommitmentTracker;
    expect(tracker.today).toBe('2026-04-20');
    expect(tracker.past.map((i) => [i.due_date, i.status])).toEqual([
      ['2026-03-13', 'missed'],
      ['2026-04-15', 'late'],
    ]);
    expect(tracker.upcoming.map((i) => [i.due_date, i.status])).toEqual([
      ['2026-05-15', 'upcoming'],
      ['2026-06-15', 'upcoming'],
      ['2026-07-15', 'upcoming'],
    ]);

    // 02:00 UTC on the 16th is still the 15th in Los Angeles: due today, not late.
    t.clock.now = new Date('2026-04-16T02:00:00Z');
    const utc = await instances(u.commitment(created.id));
    const la = await instances(u.commitment(created.id), { 'x-timezone': 'America/Los_Angeles' });
    expect(utc.find((i) => i.due_date === '2026-04-15')?.status).toBe('late');
    expect(la.find((i) => i.due_date === '2026-04-15')?.status).toBe('upcoming');

    // Skipped by staff (PATCH), it stays skipped; client users may not skip.
    const [first] = utc;
    const client = await k.as('client@demo.test');
    expect(
      (await client.patch(`${u.commitment(created.id)}/instances/${first?.guid}`, { skipped: true }))
        .statusCode,
    ).toBe(403);
    const skip = await (await k.as('associate@demo.test')).patch(
      `${u.commitment(created.id)}/instances/${first?.guid}`,
      { skipped: true },
    );
    expect(skip.statusCode, skip.body).toBe(200);
    expect(skip.json()).toMatchObject({ guid: first?.guid, status: 'skipped' });
    const after = await instances(u.commitment(created.id));
    expect(after[0]?.status).toBe('skipped');
    const res = await (await k.as('manager@demo.test')).get(
      `${u.commitment(created.id)}/instances?status=skipped`,
    );
    expect(res.json().results.map((i: CommitmentInstance) => i.guid)).toEqual([first?.guid]);
  });

  it('autopay: instances are tracked as autopay once due, and get no bill', async () => {
    t.clock.now = START;
    const k = kit();
    const u = await k.urls();
    const associate = await k.as('associate@demo.test');
    const created = await k.enter({ category: 'credit_card', memo: 'Card' });
    const res = await associate.post(`${u.commitment(created.id)}/create_autopay`, { version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ autopay: true, payment_method: 'auto', version: 2 });
    t.clock.now = new Date('2026-04-20T12:00:00Z');
    const list = await instances(u.commitment(created.id));
    expect(list.map((i) => i.status)).toEqual(['autopay', 'autopay', 'upcoming']);
    // Signed in again: the clock moved past the access token's life.
    const bill = await (await k.as('associate@demo.test')).post(
      `${u.commitment(created.id)}/instances/${list[2]?.guid}/bill`,
      {},
    );
    expect(bill.statusCode).toBe(409);
    expect(bill.json().detail).toBe(
      "This commitment is paid by the vendor's autopay: its instances need no bill.",
    );
  });

  it('an edit of the schedule moves the future instances nobody acted on', async () => {
    t.clock.now = START;
    const k = kit();
    const u = await k.urls();
    const associate = await k.as('associate@demo.test');
    const created = await k.enter({ memo: 'Resync' });
    const res = await associate.patch(u.commitment(created.id), {
      version: 1,
      due_day: 31,
      expected_amount: 9_900,
    });
    expect(res.statusCode, res.body).toBe(200);
    // March 31, April 30 (clamped), May 31 is a Sunday: due Friday the 29th.
    expect(
      (await instances(u.commitment(created.id))).map((i) => [
        i.scheduled_date,
        i.due_date,
        i.expected_amount,
      ]),
    ).toEqual([
      ['2026-03-31', '2026-03-31', 9_900],
      ['2026-04-30', '2026-04-30', 9_900],
      ['2026-05-31', '2026-05-29', 9_900],
    ]);
  });

  it('archived commitments get no new instances until unarchived', async () => {
    t.clock.now = START;
    const k = kit();
    const u = await k.urls();
    const associate = await k.as('associate@demo.test');
    const created: Commitment = await k.enter({ memo: 'Archived' });
    await associate.del(u.commitment(created.id));
    t.clock.now = new Date('2026-05-20T12:00:00Z');
    await generateInstances(t.deps.database.db, { now: t.clock.now });
    expect(await k.instanceCount(created.id)).toBe(3);
    await (await k.as('associate@demo.test')).post(`${u.commitment(created.id)}/unarchive`);
    expect(await k.instanceCount(created.id)).toBe(6);
  });
});

// Two workers generating at the same moment: PostgreSQL only (PGlite has one connection).
describe.runIf(process.env.DATABASE_URL)('commitment instances, concurrent generation (postgres)', () => {
  const t = useTestApp('postgres');

  it('two generation runs at once insert each instance once', async () => {
    t.clock.now = START;
    const k = commitmentKit(t);
    const ids: number[] = [];
    for (const frequency of ['weekly', 'bi_weekly', 'monthly'] as const) {
      ids.push((await k.enter({ frequency, memo: `Concurrent ${frequency}` })).id);
    }
    const { db } = t.deps.database;
    const now = new Date('2026-09-01T00:00:00Z');
    const expected = await generateInstances(db, { now });
    const total = async () =>
      (await db.select({ id: commitmentInstances.id }).from(commitmentInstances)).length;
    const before = await total();
    for (const id of ids)
      await db.delete(commitmentInstances).where(eq(commitmentInstances.commitmentId, id));
    const removed = before - (await total());
    expect(removed).toBeGreaterThan(20);
    const runs = await Promise.all([
      generateInstances(db, { now }),
      generateInstances(db, { now }),
      createInstanceJob({ db, now: () => now }).runOnce(),
    ]);
    expect(runs.reduce((sum, r) => sum + r.inserted, 0)).toBe(removed);
    expect(await total()).toBe(before);
    expect(expected.until).toBe('2026-12-01');
  });
});
