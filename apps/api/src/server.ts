import { buildApp } from './app.ts';
import { feedDeps, syncAll } from './modules/bank-feeds/index.ts';
import { linesArrivedInBooks } from './modules/books/index.ts';
import { createInstanceJob } from './modules/commitments/instance-job.ts';
import { parsePendingMessages, type SmtpReceiver, startSmtpReceiver } from './modules/inbox/index.ts';
import { refreshAllInvestments } from './modules/investments/index.ts';
import { mailScanService } from './modules/mail-scan/index.ts';
import { deliveryQueueFor, describeDelivery } from './modules/notifications/delivery/index.ts';
import { loadSanctionsAtStartup } from './modules/sanctions/loader.ts';
import { createReminderJob } from './modules/workflow/raise.ts';
import { buildDeps } from './platform/build-deps.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { createJobRunner, type JobLog } from './platform/jobs/index.ts';
import { DEMO_PASSWORD, demoAccounts } from './seed/demo-data.ts';
import { isEmpty, seedDemoData } from './seed/seed.ts';

/** Process entry: configuration, migrations, demo data on a new data folder, then listen. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const seeded = config.demo && (await isEmpty(database.db));
  // The demo practice too: a new user sees full lists, paging, a year of charts and search working.
  const deps = buildDeps(config, database);
  if (seeded) await seedDemoData(database.db, new Date(), { practice: true, storage: deps.storage });
  // Logs and carries on when the file is bad: screening keeps the previous list.
  if (config.sanctionsFile) await loadSanctionsAtStartup(database.db, config.sanctionsFile);
  // Every scheduled and queued job of every module runs here (decision 017); made before the app so its
  // routes can queue work (report generation), started after every queue is registered. Its log is the
  // app's, once the app exists.
  let appLog: JobLog | null = null;
  const jobs = createJobRunner({
    database,
    log: { info: (d, m) => appLog?.info(d, m), error: (d, m) => appLog?.error(d, m) },
  });
  const app = await buildApp(deps, {
    jobs,
    logger: {
      level: process.env.LOG_LEVEL ?? 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.refresh'],
    },
  });
  appLog = app.log;
  // Sends the outbox (decision 011) every OUTBOX_POLL_SECONDS.
  const delivery = deliveryQueueFor({
    db: database.db,
    config: config.delivery,
    now: () => new Date(),
    log: app.log,
  });
  jobs.register(delivery);
  // Generates commitment instances three months ahead (issue 6), hourly, once across every instance.
  const instanceJob = createInstanceJob({ db: database.db, now: () => new Date(), log: app.log });
  jobs.register(instanceJob.queue);
  // Raises each report reminder's period task once it is over (issue 14), hourly, once across every instance.
  const reminderJob = createReminderJob({ db: database.db, now: () => new Date(), log: app.log });
  jobs.register(reminderJob.queue);
  // Financial data (issue 19, decision 036): every night, bank feeds synced, investment positions fetched
  // and mail-scan mailboxes polled (webhooks bring changes sooner), once across every instance.
  const findataJob = {
    name: 'findata.nightly-refresh',
    cron: '30 5 * * *',
    policy: 'short' as const,
    retry: { limit: 2, delaySeconds: 300, backoff: true },
    expireInSeconds: 3600,
    handler: async () => {
      const now = () => new Date();
      const banks = await syncAll(feedDeps({ ...deps, now }, { linesArrived: linesArrivedInBooks }));
      const investments = await refreshAllInvestments({ ...deps, now }, database.db);
      const mail = await mailScanService({ ...deps, now }).pollAll();
      return { banks, investments, mail };
    },
  };
  jobs.register(findataJob);
  let receiver: SmtpReceiver | null = null;
  const close = async () => {
    await receiver?.close();
    await app.close();
    // After the server: requests still being answered may queue jobs; then running jobs finish.
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await jobs.start();
  // Start-up runs, as the loops they replace did: each queue keeps at most one waiting (policy short).
  await jobs.send(delivery, {});
  await jobs.send(instanceJob.queue, {});
  await jobs.send(reminderJob.queue, {});
  await app.listen({ port: config.port, host: config.host });
  // Inbound e-mail (issue 13): first what a crash left stored but unparsed, then the receiver.
  const inboxDeps = { db: database.db, storage: deps.storage, now: () => new Date(), log: app.log };
  const reparsed = await parsePendingMessages(inboxDeps);
  if (reparsed > 0) app.log.info(`parsed ${reparsed} inbound message(s) stored before the last stop`);
  if (config.inbound.smtpPort !== 0) {
    receiver = await startSmtpReceiver(inboxDeps, {
      domain: config.inbound.domain,
      host: config.inbound.host,
      listenPort: config.inbound.smtpPort,
    });
  }
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Bill-pay platform is running at ${url}`,
    `  Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
    `  Delivery: ${describeDelivery(config.delivery)}`,
    `  Inbound mail: ${receiver ? `SMTP on port ${receiver.port}, client addresses @${config.inbound.domain}` : 'off (SMTP_INBOUND_PORT=0)'}`,
  ];
  if (config.demo) {
    lines.push(`  Demo accounts (password ${DEMO_PASSWORD})${seeded ? ', just created' : ''}:`);
    for (const a of demoAccounts) lines.push(`    ${a.email.padEnd(22)} lands on ${a.landsOn}`);
  }
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
