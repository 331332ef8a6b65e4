/**
 * The workflow benchmark (issue 14, decision 026): `months` months of tasks and reconciliations for
 * `organizations` × `clients` clients, then the combined task list and the manager dashboard's four
 * reads, each against the replay baseline (the same SQL, sent straight to the driver) in the same run.
 * `npm run bench:workflow` (PGlite) or with DATABASE_URL (PostgreSQL, a throwaway database).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dashboardRoutes, workflowRoutes } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessionClaimsFor } from '../../../apps/api/src/modules/auth/claims.ts';
import { users } from '../../../apps/api/src/modules/users/tables.ts';
import { explainStatements } from '../bills/explain-statements.ts';
import { buildReplayBaseline, type Recording, type ReplayRoute } from '../bills/replay-baseline.ts';
import { captureStatements } from '../capture.ts';
import { HttpLoad } from '../http-load.ts';
import type { LoadOptions } from '../load.ts';
import { LOAD_FLAGS, listen, loadSettings, positiveInt } from '../load-cli.ts';
import { rawDb } from '../raw-db.ts';
import { type BenchEnv, openBenchEnv } from '../setup.ts';
import { measureSideBySide } from '../side-by-side.ts';
import { generateWorkflow } from './generate-workflow.ts';
import { type WorkflowBenchResult, writeWorkflowSection } from './report-workflow.ts';

const REPO_ROOT = join(import.meta.dirname, '../../..');
const BENCH_USER = 'manager@demo.test';

function parse(argv: string[], postgres: boolean) {
  const { values } = parseArgs({
    args: argv,
    options: {
      organizations: { type: 'string' },
      clients: { type: 'string' },
      months: { type: 'string' },
      bills: { type: 'string' },
      ...LOAD_FLAGS,
    },
  });
  return {
    organizations: positiveInt(values.organizations, postgres ? 100 : 10),
    /** Clients per organisation. */
    clients: positiveInt(values.clients, postgres ? 1000 : 100),
    months: positiveInt(values.months, 24),
    /** Bills per client (the bills-waiting figure). */
    bills: positiveInt(values.bills, 2),
    ...loadSettings(values, { requests: 400, concurrency: 8, timeCapS: 6, rounds: 2, warmup: 40 }),
  };
}

interface Route {
  key: string;
  label: string;
  path: string;
}

async function main() {
  const postgres = Boolean(process.env.DATABASE_URL);
  const options = parse(process.argv.slice(2), postgres);
  const t0 = performance.now();
  const say = (m: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)}s] ${m}`);
  const load = new HttpLoad();
  let baseline: FastifyInstance | null = null;
  // Ctrl-C (or a kill) ends the run as its end does: servers and pool closed, the throwaway database
  // dropped (as bench:bills does; a second signal a few seconds later quits at once).
  let env: BenchEnv | null = null;
  let stopping: NodeJS.Signals | null = null;
  let stoppingSince = 0;
  const exitCode = (signal: NodeJS.Signals) => (signal === 'SIGTERM' ? 143 : 130);
  const shutDown = async (opened: BenchEnv, signal: NodeJS.Signals) => {
    await Promise.allSettled([load.close(), baseline?.close()]);
    await opened.close();
    say(opened.databaseName ? `dropped database ${opened.databaseName}` : 'closed');
    process.exit(exitCode(signal));
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      if (performance.now() - stoppingSince > 2000) process.exit(exitCode(signal));
      return;
    }
    stopping = signal;
    stoppingSince = performance.now();
    say(`${signal}: stopping; closing and dropping the benchmark's database (again to quit at once)`);
    if (env) void shutDown(env, signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  env = await openBenchEnv(process.env.DATABASE_URL);
  if (stopping) return shutDown(env, stopping);
  try {
    const { db } = env.database;
    const raw = rawDb(db);
    say(`${env.kind}${env.databaseName ? ` (database ${env.databaseName})` : ''}: migrated and seeded`);
    const generated = await generateWorkflow(raw, {
      organizations: options.organizations,
      clientsPerOrganization: options.clients,
      months: options.months,
      billsPerClient: options.bills,
      progress: (orgs, tasks) => {
        if (orgs % 10 === 0) say(`  ${orgs} organisations, ${tasks} tasks`);
      },
    });
    say(`generated ${generated.tasks} tasks in ${(generated.ms / 1000).toFixed(1)}s`);

    const [user] = await db.select().from(users).where(eq(users.email, BENCH_USER));
    if (!user) throw new Error('demo data is missing');
    const claims = await sessionClaimsFor(db, user, new Date());
    const token = async () => (await env.deps.tokens.issuePair(claims)).access;
    const [org] = await raw.query('select "guid" from "organizations" where "id" = $1', [
      generated.demoOrganizationId,
    ]);
    const [associate] = await raw.query(`select "guid" from "users" where "email" = 'associate@demo.test'`);
    const orgGuid = String(org?.guid);
    // Paths from the contracts, so a route's move (e.g. the tasks' to /v1/accounts/…) follows here.
    const path = (template: string) => template.replace(':organizationGuid', orgGuid);
    const tasks = path(workflowRoutes.getReportsOrganizationTasks.path);
    const routes: Route[] = [
      { key: 'tasks-first', label: 'GET …/tasks page 1', path: `${tasks}?page=1&page_size=10` },
      {
        key: 'tasks-open-week',
        label: 'GET …/tasks?open=true&due=week',
        path: `${tasks}?open=true&due=week&page=1&page_size=10`,
      },
      {
        key: 'tasks-person',
        label: 'GET …/tasks?open=true&assignee=…&assignment=assigned&due=overdue',
        path: `${tasks}?open=true&assignee=${String(associate?.guid)}&assignment=assigned&due=overdue&page=1&page_size=10`,
      },
      {
        key: 'dash-tasks',
        label: 'GET …/dashboard/tasks',
        path: path(dashboardRoutes.getDashboardTasks.path),
      },
      {
        key: 'dash-reconciliations',
        label: 'GET …/dashboard/reconciliations',
        path: path(dashboardRoutes.getDashboardReconciliations.path),
      },
      {
        key: 'dash-reports',
        label: 'GET …/dashboard/reports-due',
        path: path(dashboardRoutes.getDashboardReportsDue.path),
      },
      {
        key: 'dash-bills',
        label: 'GET …/dashboard/bills',
        path: path(dashboardRoutes.getDashboardBills.path),
      },
    ];

    const appUrl = await listen(env.app);
    const send = async (server: string, route: Route) => {
      const res = await fetch(`${server}${route.path}`, {
        headers: { authorization: `Bearer ${await token()}` },
      });
      return { status: res.status, body: await res.text() };
    };
    const recordings = new Map<string, Recording>();
    for (const route of routes) {
      let answer = { status: 0, body: '' };
      const statements = await captureStatements(db, async () => {
        answer = await send(appUrl, route);
      });
      if (!statements) throw new Error('could not capture the SQL of the app (Drizzle internals changed)');
      if (answer.status !== 200)
        throw new Error(`${route.label}: the app answered ${answer.status} ${answer.body}`);
      recordings.set(route.key, { statements, status: answer.status, body: answer.body });
    }
    say(`recorded ${recordings.size} routes`);
    const replay: ReplayRoute[] = routes.map((route) => ({
      method: 'GET',
      recording: recordings.get(route.key) as Recording,
      transaction: false,
      substitute: (url: string) => (url === route.path ? new Map() : null),
    }));
    baseline = buildReplayBaseline(raw, replay);
    const baseUrl = await listen(baseline);
    for (const route of routes) {
      const answer = await send(baseUrl, route);
      if (answer.status !== 200) throw new Error(`baseline ${route.label}: ${answer.status}`);
    }
    say(`app on ${appUrl}, baseline on ${baseUrl}`);

    const jobOf = async (server: string, route: Route, loadOptions: LoadOptions) => ({
      url: `${server}${route.path}`,
      method: 'GET' as const,
      headers: { authorization: `Bearer ${await token()}` },
      options: loadOptions,
    });
    const { routes: results, loadAverage } = await measureSideBySide({
      load,
      routes,
      appUrl,
      baseUrl,
      jobOf,
      settings: options,
      say,
    });
    const plans: WorkflowBenchResult['plans'] = [];
    for (const route of routes) {
      const recording = recordings.get(route.key) as Recording;
      plans.push({ route: route.label, statements: await explainStatements(raw, recording.statements) });
    }
    say('explained');

    const [version] = await raw.query('select version() as v');
    const result: WorkflowBenchResult = {
      kind: env.kind,
      serverVersion: String(version?.v ?? 'unknown'),
      date: new Date().toISOString(),
      machine: { cores: availableParallelism(), cpu: cpus()[0]?.model.trim() ?? 'unknown' },
      loadAverage,
      options: { ...options },
      command:
        `${postgres ? 'DATABASE_URL=… ' : ''}npm run bench:workflow -- ${process.argv.slice(2).join(' ')}`.trim(),
      data: generated,
      statements: routes.map((r) => ({
        route: r.label,
        count: (recordings.get(r.key) as Recording).statements.length,
      })),
      routes: results,
      plans,
      totalS: (performance.now() - t0) / 1000,
    };
    const outDir = join(REPO_ROOT, 'bench/out');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, `workflow-${env.kind}.json`), `${JSON.stringify(result, null, 2)}\n`);
    if (options.writeDocs)
      say(`wrote ${writeWorkflowSection(join(REPO_ROOT, 'docs/performance.md'), result)}`);
  } catch (error) {
    if (stopping) return;
    throw error;
  } finally {
    if (!stopping) {
      process.removeListener('SIGINT', stop);
      process.removeListener('SIGTERM', stop);
      await load.close();
      await baseline?.close();
      await env.close();
    }
  }
  say('done');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
