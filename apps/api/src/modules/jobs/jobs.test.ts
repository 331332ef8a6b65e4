import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createJobRunner,
  GENERIC_JOB_FAILURE,
  JobError,
  type JobQueue,
  type JobRunner,
} from '../../platform/jobs/index.ts';
import {
  type Backend,
  bearer,
  everyBackend,
  login,
  type TestApp,
  useTestApp,
} from '../../test/build-test-app.ts';

/** Waits for a state, never for a duration: polls until `check` stops throwing. */
const eventually = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 30_000, interval: 200 });

async function userIdOf(t: TestApp, email: string): Promise<number> {
  const { rows } = await t.deps.database.executeSql('select id from users where email = $1', [email]);
  return Number((rows[0] as { id: number | string }).id);
}

interface PgBossRow {
  state: string;
  retry_count: number;
  /** Seconds from when the try started to when the next may start. */
  wait_seconds: number;
}

async function pgBossRow(t: TestApp, jobId: string): Promise<PgBossRow | undefined> {
  const { rows } = await t.deps.database.executeSql(
    `select state::text as state, retry_count,
            extract(epoch from start_after - started_on)::float8 as wait_seconds
       from pgboss.job where id = $1`,
    [jobId],
  );
  return rows[0] as PgBossRow | undefined;
}

/** Lets a job waiting for its retry go now: the test moves the job's clock instead of sleeping. */
async function retryNow(t: TestApp, jobId: string) {
  await t.deps.database.executeSql(
    `update pgboss.job set start_after = now() - interval '1 second' where id = $1 and state = 'retry'`,
    [jobId],
  );
}

describe.each(everyBackend)('job runner (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let runner: JobRunner;
  const tries = new Map<string, number>();

  /** Fails its first try, reporting progress on each, then succeeds. */
  const flaky: JobQueue<{ label: string }> = {
    name: 'test.flaky',
    retry: { limit: 2, delaySeconds: 1, backoff: false },
    pollingIntervalSeconds: 0.5,
    async handler(data, context) {
      const n = (tries.get(context.jobId) ?? 0) + 1;
      tries.set(context.jobId, n);
      await context.progress(n, 2, `try ${n} of ${data.label}`);
      if (n === 1) throw new Error('connection reset by the test (internal detail)');
      return { label: data.label, tries: n };
    },
  };
  /** Always fails, with a message meant for the user. */
  const broken: JobQueue<Record<string, never>> = {
    name: 'test.broken',
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    pollingIntervalSeconds: 0.5,
    async handler() {
      throw new JobError('The bank did not answer.');
    },
  };

  /** Fails at once, with no retry, for a reason not meant for the user. */
  const crashing: JobQueue<Record<string, never>> = {
    name: 'test.crashing',
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    pollingIntervalSeconds: 0.5,
    async handler() {
      throw new Error('relation "secrets" does not exist (internal detail)');
    },
  };

  beforeAll(async () => {
    runner = createJobRunner({ database: t.deps.database });
    runner.register(flaky);
    runner.register(broken);
    runner.register(crashing);
    await runner.start();
  });
  afterAll(() => runner.stop());

  it('retries a failed job and completes it; the user who asked reads its progress and result', async () => {
    const client = await login(t.app, 'client@demo.test');
    const jobId = await runner.send(
      flaky,
      { label: 'import' },
      { requestedByUserId: await userIdOf(t, 'client@demo.test') },
    );
    expect(jobId).toEqual(expect.any(String));

    const done = await eventually(async () => {
      const res = await t.app.inject({ url: `/v1/jobs/${jobId}`, headers: bearer(client) });
      expect(res.statusCode).toBe(200);
      expect(res.json().state).toBe('completed');
      return res.json();
    });
    expect(done).toMatchObject({
      id: jobId,
      queue: 'test.flaky',
      retries: 1,
      progress: { done: 2, total: 2, message: 'try 2 of import' },
      result: { label: 'import', tries: 2 },
      error: null,
    });
    expect(done.completed_on).toEqual(expect.any(String));
  });

  it('waits longer after each failure (back-off) and gives up after its retries, with a message for the user', async () => {
    const client = await login(t.app, 'client@demo.test');
    const jobId = (await runner.send(
      broken,
      {},
      { requestedByUserId: await userIdOf(t, 'client@demo.test') },
    )) as string;

    const first = await eventually(async () => {
      const row = await pgBossRow(t, jobId);
      expect(row).toMatchObject({ state: 'retry', retry_count: 0 });
      return row as PgBossRow;
    });
    // pg-boss: delay × 2^n × a random factor in [1, 2).
    expect(first.wait_seconds).toBeGreaterThanOrEqual(30);
    const waiting = await t.app.inject({ url: `/v1/jobs/${jobId}`, headers: bearer(client) });
    expect(waiting.json()).toMatchObject({ state: 'retry', error: null });

    await retryNow(t, jobId);
    const second = await eventually(async () => {
      const row = await pgBossRow(t, jobId);
      expect(row).toMatchObject({ state: 'retry', retry_count: 1 });
      return row as PgBossRow;
    });
    expect(second.wait_seconds).toBeGreaterThanOrEqual(60);

    await retryNow(t, jobId);
    const failed = await eventually(async () => {
      const res = await t.app.inject({ url: `/v1/jobs/${jobId}`, headers: bearer(client) });
      expect(res.json().state).toBe('failed');
      return res.json();
    });
    expect(failed).toMatchObject({ retries: 2, error: 'The bank did not answer.', result: null });
  });

  it('hides the reason of a failure that was not written for the user', async () => {
    const client = await login(t.app, 'client@demo.test');
    const clientId = await userIdOf(t, 'client@demo.test');
    const jobId = await runner.send(crashing, {}, { requestedByUserId: clientId });
    const failed = await eventually(async () => {
      const res = await t.app.inject({ url: `/v1/jobs/${jobId}`, headers: bearer(client) });
      expect(res.json().state).toBe('failed');
      return res.json();
    });
    expect(failed).toMatchObject({ retries: 0, error: GENERIC_JOB_FAILURE });
    expect(JSON.stringify(failed)).not.toContain('internal detail');
  });

  it('shows a job to nobody but the user who asked for it', async () => {
    const jobId = await runner.send(
      flaky,
      { label: 'private' },
      { requestedByUserId: await userIdOf(t, 'client@demo.test') },
    );
    const other = await login(t.app, 'other@second.test');
    const foreign = await t.app.inject({ url: `/v1/jobs/${jobId}`, headers: bearer(other) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    const manager = await login(t.app, 'manager@demo.test');
    expect((await t.app.inject({ url: `/v1/jobs/${jobId}`, headers: bearer(manager) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v1/jobs/${jobId}` })).statusCode).toBe(401);

    // Work nobody asked for (a schedule's run) is nobody's to read.
    const unowned = await runner.send(flaky, { label: 'scheduled' });
    const client = await login(t.app, 'client@demo.test');
    expect((await t.app.inject({ url: `/v1/jobs/${unowned}`, headers: bearer(client) })).statusCode).toBe(
      404,
    );
  });

  it('queues a job in the caller’s transaction: it exists only if the transaction commits', async () => {
    const clientId = await userIdOf(t, 'client@demo.test');
    let rolledBack: string | null = null;
    await expect(
      t.deps.database.db.transaction(async (tx) => {
        rolledBack = await runner.sendInTransaction(
          tx,
          flaky,
          { label: 'rolled back' },
          { requestedByUserId: clientId },
        );
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(rolledBack).toEqual(expect.any(String));
    expect(await pgBossRow(t, rolledBack as unknown as string)).toBeUndefined();
    const client = await login(t.app, 'client@demo.test');
    expect((await t.app.inject({ url: `/v1/jobs/${rolledBack}`, headers: bearer(client) })).statusCode).toBe(
      404,
    );

    const committed = await t.deps.database.db.transaction((tx) =>
      runner.sendInTransaction(tx, flaky, { label: 'committed' }, { requestedByUserId: clientId }),
    );
    await eventually(async () => {
      const res = await t.app.inject({ url: `/v1/jobs/${committed}`, headers: bearer(client) });
      expect(res.json().state).toBe('completed');
    });
  });
});
