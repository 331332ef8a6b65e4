// Starts the real server for the browser tests on a new data folder (demo data seeded), in demo mode,
// always on PGlite so the run does not depend on a database server's state.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'bp-e2e-'));
const env = { ...process.env, DATA_DIR: dataDir, PORT: process.env.E2E_PORT ?? '8181', LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
const child = spawn('npx', ['tsx', '../apps/api/src/server.ts'], { env, stdio: 'inherit' });
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
