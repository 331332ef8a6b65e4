// Type-checks every workspace (`tsc --noEmit` on its tsconfig.json) and the root scripts, as many at a
// time as the machine has cores. `npm run typecheck --workspaces` ran them one after another: about 28 s
// on CI's 2-core machine, of which a third was each process loading TypeScript and the shared packages.
// Each check's output is printed whole when it ends, so parallel runs never interleave their errors.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const projects = [
  ...workspaces.filter((dir) => {
    const { scripts = {} } = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    return typeof scripts.typecheck === 'string';
  }),
  'scripts',
];
// The largest first, so the two slowest checks do not end up running last, one after the other.
const weight = { 'apps/web': 3, 'apps/api': 3, 'apps/mobile': 2, bench: 2 };
projects.sort((a, b) => (weight[b] ?? 1) - (weight[a] ?? 1));

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function check(project) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [tsc, '-p', join(root, project, 'tsconfig.json'), '--noEmit'], {
      cwd: join(root, project),
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'}  ${project} (${seconds} s)\n${output}`);
      done(code === 0);
    });
  });
}

const queue = [...projects];
const results = [];
const lanes = Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
  for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
});
await Promise.all(lanes);
if (results.includes(false)) {
  console.error('Type checks failed.');
  process.exit(1);
}
