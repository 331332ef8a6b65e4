import { parsePendingMessages, startSmtpReceiver } from './modules/inbox/index.ts';
import { buildDeps } from './platform/build-deps.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';

/*
 * The inbound mail receiver as a process of its own (issue 13, scale-out): `npm run start:receiver -w
 * @bp/api` (compiled, dist/receiver.mjs). It files mail into the same PostgreSQL database and file storage
 * as the API, so several receivers can stand behind one MX while the API instances run with
 * SMTP_INBOUND_PORT=0. It never migrates (the API does, at its start) and needs DATABASE_URL: PGlite
 * admits one process, so on PGlite the receiver runs inside `npm start` as it does by default.
 */

/** One line per event on standard error, in the shape the parser's log expects. */
const log = {
  error(object: object, message: string) {
    console.error(
      JSON.stringify({ level: 'error', time: new Date().toISOString(), ...object, msg: message }),
    );
  },
};

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'The receiver on its own needs DATABASE_URL: PGlite admits one process, so with the embedded database the receiver runs inside `npm start`.',
    );
    return 2;
  }
  if (config.inbound.smtpPort === 0) {
    console.error('SMTP_INBOUND_PORT is 0: set the port this receiver should listen on.');
    return 2;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const deps = buildDeps(config, database);
  const inboxDeps = { db: database.db, storage: deps.storage, now: () => new Date(), log };
  // What a crash (of this or another receiver) left stored but unparsed; parsing is idempotent per message.
  const reparsed = await parsePendingMessages(inboxDeps);
  const receiver = await startSmtpReceiver(inboxDeps, {
    domain: config.inbound.domain,
    host: config.inbound.host,
    listenPort: config.inbound.smtpPort,
  });
  console.log(
    `Inbound mail receiver on port ${receiver.port}, client addresses @${config.inbound.domain}` +
      (reparsed > 0 ? `; parsed ${reparsed} message(s) stored before the last stop` : ''),
  );
  await new Promise<void>((stopped) => {
    const stop = () => {
      void receiver
        .close()
        .then(() => database.close())
        .then(stopped);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
