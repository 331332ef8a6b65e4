import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BenchResult, writePerformanceDoc } from './report.ts';

/** Rewrites docs/performance.md from the last runs' raw results in bench/out (no new measurements). */
const root = join(import.meta.dirname, '../..');
for (const kind of ['pglite', 'postgres'] as const) {
  const file = join(root, 'bench/out', `results-${kind}.json`);
  if (!existsSync(file)) continue;
  const result = JSON.parse(readFileSync(file, 'utf8')) as BenchResult;
  console.log(`rendered ${kind} into ${writePerformanceDoc(join(root, 'docs/performance.md'), result)}`);
}
