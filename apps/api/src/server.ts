import { buildApp } from './app.ts';
import { createInstanceJob } from './modules/commitments/instance-job.ts';
import { deliveryRunnerFor, describeDelivery } from './modules/notifications/delivery/index.ts';
import { loadSanctionsAtStartup } from './modules/sanctions/loader.ts';
import { buildDeps } from './platform/build-deps.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { DEMO_PASSWORD, demoAccounts } from './seed/demo-data.ts';
import { isEmpty, seedDemoData } from './seed/seed.ts';

/** Process entry: configuration, migrations, demo data on a new data folder, then listen. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const seeded = config.demo && (await isEmpty(database.db));
  // The demo practice too: a new user sees full lists, paging, a year of charts and search working.
  if (seeded) await seedDemoData(database.db, new Date(), { practice: true });
  // Logs and carries on when the file is bad: screening keeps the previous list.
  if (config.sanctionsFile) await loadSanctionsAtStartup(database.db, config.sanctionsFile);
  const app = await buildApp(buildDeps(config, database), {
    logger: {
      level: process.env.LOG_LEVEL ?? 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.refresh'],
    },
  });
  // Sends the outbox (decision 011); started here, not in buildApp, so tests drive it with runOnce().
  const delivery = deliveryRunnerFor({
    db: database.db,
    config: config.delivery,
    now: () => new Date(),
    log: app.log,
  });
  // Generates commitment instances three months ahead (issue 6); safe on several instances at once.
  const instanceJob = createInstanceJob({ db: database.db, now: () => new Date(), log: app.log });
  const close = async () => {
    await instanceJob.stop();
    await delivery.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  delivery.start();
  instanceJob.start();
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Bill-pay platform is running at ${url}`,
    `  Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
    `  Delivery: ${describeDelivery(config.delivery)}`,
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
