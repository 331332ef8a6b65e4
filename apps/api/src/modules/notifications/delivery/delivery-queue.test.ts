import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobRunner, type JobQueue, type JobRunner } from '../../../platform/jobs/index.ts';
import { type Backend, backends, useTestApp } from '../../../test/build-test-app.ts';
import { enqueueEmail, enqueueSms } from '../outbox.ts';
import { outbox } from '../tables.ts';
import { DELIVERY_QUEUE, deliveryQueue } from './queue.ts';
import { createDeliveryRunner, NOT_CONFIGURED } from './runner.ts';

const eventually = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 30_000, interval: 200 });

describe.each(backends)('outbox delivery on the job runner (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const sent: string[] = [];
  let runner: JobRunner;
  let queue: JobQueue<Record<string, never>>;
  beforeAll(async () => {
    const delivery = createDeliveryRunner({
      db: t.deps.database.db,
      now: () => new Date(),
      senders: { email: { send: async (message) => void sent.push(message.to) } },
    });
    queue = deliveryQueue(delivery, 0.5);
    runner = createJobRunner({ database: t.deps.database });
    runner.register(queue);
    await runner.start();
  });
  afterAll(() => runner.stop());

  it('sends every queued message once, pass after pass, and keeps the next pass queued', async () => {
    const db = t.deps.database.db;
    await db.delete(outbox);
    // More than a batch: the job passes again at once while batches come back full.
    await db.transaction(async (tx) => {
      for (let i = 0; i < 25; i++)
        await enqueueEmail(tx, { userId: null, to: `q${i}@demo.test`, subject: 's', text: 't' });
      await enqueueSms(tx, { userId: null, to: '+15550000001', body: 'code 123456' });
    });
    await runner.send(queue, {});

    await eventually(async () => {
      const rows = await db.select().from(outbox);
      expect(rows.filter((r) => r.status === 'sent')).toHaveLength(25);
    });
    expect(sent).toHaveLength(25);
    expect(new Set(sent).size).toBe(25);
    // The unconfigured channel waits, saying why, its tries untouched (decision 011).
    const [sms] = (await db.select().from(outbox)).filter((r) => r.channel === 'sms');
    expect(sms).toMatchObject({ status: 'pending', attempts: 0, lastError: NOT_CONFIGURED.sms });
    // The chain goes on: a later pass is queued (or running) whichever instance took the last one.
    await eventually(async () => {
      const { rows } = await t.deps.database.executeSql(
        `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'active')`,
        [DELIVERY_QUEUE],
      );
      expect((rows[0] as { n: number }).n).toBeGreaterThan(0);
    });

    // A message queued later goes out without anyone asking: the next pass finds it.
    await db.transaction((tx) =>
      enqueueEmail(tx, { userId: null, to: 'late@demo.test', subject: 's', text: 't' }),
    );
    await eventually(async () => expect(sent).toContain('late@demo.test'));
    expect(sent.filter((to) => to === 'late@demo.test')).toHaveLength(1);
  });
});
