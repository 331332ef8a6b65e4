import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../platform/db.ts';
import { createJobRunner, type JobQueue, type JobRunner } from '../../platform/jobs/index.ts';
import { type Backend, everyBackend, useTestApp } from '../../test/build-test-app.ts';

const eventually = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 90_000, interval: 250 });

/**
 * A cron expression matching one minute a day: the current one, or the next when this one is nearly over
 * (pg-boss sends a schedule during the minute it matches). Whatever the test waits for afterwards, the
 * schedule has exactly one period in it, so exactly one run is right and two are the bug.
 */
function cronForOneMinute(now = new Date()): string {
  const at = now.getUTCSeconds() > 40 ? new Date(now.getTime() + 60_000) : now;
  return `${at.getUTCMinutes()} ${at.getUTCHours()} * * *`;
}

async function cronPasses(database: Database): Promise<string | null> {
  const { rows } = await database.executeSql('select cron_on::text as cron_on from pgboss.version');
  return (rows[0] as { cron_on: string | null } | undefined)?.cron_on ?? null;
}

describe.each(everyBackend)('one schedule on two instances (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const runners: JobRunner[] = [];
  const ownConnections: Database[] = [];
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    for (const database of ownConnections) await database.close();
  });

  it('runs the scheduled job once per period, not once per instance', async () => {
    const runs = [0, 0];
    const cron = cronForOneMinute();
    // Two app instances: on PostgreSQL each with its own connection pool, as two processes would be.
    for (const instance of [0, 1]) {
      const database =
        backend === 'postgres' ? await openDatabase({ databaseUrl: t.config.databaseUrl }) : t.deps.database;
      if (database !== t.deps.database) ownConnections.push(database);
      const nightly: JobQueue<Record<string, never>> = {
        name: 'test.nightly',
        retry: { limit: 0, delaySeconds: 0, backoff: false },
        cron,
        pollingIntervalSeconds: 0.5,
        async handler() {
          runs[instance] = (runs[instance] ?? 0) + 1;
          return { instance };
        },
      };
      const runner = createJobRunner({
        database,
        cronMonitorIntervalSeconds: 1,
        cronWorkerIntervalSeconds: 1,
      });
      runner.register(nightly);
      runners.push(runner);
    }
    await Promise.all(runners.map((runner) => runner.start()));

    await eventually(async () => expect((runs[0] ?? 0) + (runs[1] ?? 0)).toBeGreaterThan(0));
    // Three more cron passes, each of which would have sent the schedule again were it not guarded.
    const seen = new Set<string | null>([await cronPasses(t.deps.database)]);
    await eventually(async () => {
      seen.add(await cronPasses(t.deps.database));
      expect(seen.size).toBeGreaterThan(3);
    });

    expect((runs[0] ?? 0) + (runs[1] ?? 0)).toBe(1);
  });
});
