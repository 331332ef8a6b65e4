// `npm run bench:web` (after `npm run build`): Lighthouse's desktop performance score of the pages issue 12
// item 1 names — the sign-in page, a billing queue and a bill page — with a cold HTTP cache, served by the
// compiled server as `npm start` runs it, beside a baseline of the same pages downloaded uncompressed (the
// browser asks for `Accept-Encoding: identity`, as the app served everything before precompression).
// Debian's Chromium through puppeteer-core; nothing is downloaded. Writes its section of
// docs/performance.md unless --no-docs.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { COMPILED_SERVER, compiledServerStart } from '../compiled-server.ts';
import { type WebResult, writeWebSection } from './report-web.ts';

const REPO_ROOT = join(import.meta.dirname, '../../..');
const WEB_BUILD = join(REPO_ROOT, 'apps/web/dist/index.html');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'demo-pass-2026';

function argValue(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number`);
  return value;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The compiled server on a new data folder (the demo data and practice seeded), as `npm start` runs it. */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const start = compiledServerStart();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...start.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SMTP_INBOUND_PORT: '0',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, start.args, {
    cwd: join(REPO_ROOT, 'apps/api'),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    if (Date.now() - started > 120_000) throw new Error('the server was not ready in 120 s');
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await sleep(100);
  }
}

/** Signs in through the sign-in form, as a person would, and waits for the home page. */
async function signIn(page: Page, origin: string, email: string, home: string) {
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[type="email"], input[name="email"]').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await Promise.all([
    page.waitForFunction(`location.pathname === ${JSON.stringify(home)}`, { timeout: 60_000 }),
    page.locator('button[type="submit"]').click(),
  ]);
}

/** The first bill of the Org Approval queue, as the queue links it. */
async function firstBillPath(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/billing/org-approval`, { waitUntil: 'networkidle0' });
  const link = await page.waitForSelector('tbody a[href*="/bill/"]', { timeout: 60_000 });
  const href = await link?.evaluate((a) => a.getAttribute('href'));
  if (!href) throw new Error('no bill link in the Org Approval queue');
  return href;
}

interface Audit {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKb: number;
}

/**
 * One Lighthouse run (desktop preset, performance only) of `url` in `page`'s browser, cache emptied first.
 * `saveAs`: where to write the whole report (JSON), to read what took the time (`--save-reports <dir>`).
 */
async function audit(page: Page, url: string, compressed: boolean, saveAs?: string): Promise<Audit> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const result = await lighthouse(
    url,
    {
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Keeps the signed-in session in local storage; the HTTP cache is emptied above instead.
      disableStorageReset: true,
      extraHeaders: compressed ? null : { 'Accept-Encoding': 'identity' },
    },
    desktopConfig,
    page,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr));
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) {
    const errors = Object.values(lhr.audits)
      .filter((a) => a.errorMessage)
      .map((a) => `${a.id}: ${a.errorMessage}`);
    throw new Error(`no performance score for ${url}: ${lhr.runtimeError?.message ?? errors.join('; ')}`);
  }
  return {
    score: Math.round(score * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    transferKb: numeric('total-byte-weight') / 1024,
  };
}

/**
 * Lighthouse now and then fails to record a page load's trace (NO_NAVSTART, NO_FCP) on a busy machine:
 * such a run has no score and is run again, up to three times; a page that never scores stops the bench.
 */
async function auditWithRetries(
  page: Page,
  url: string,
  compressed: boolean,
  saveAs?: string,
): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(page, url, compressed, saveAs);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  run again: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

function medianAudit(runs: Audit[]): Audit {
  const of = (key: keyof Audit) => median(runs.map((r) => r[key]));
  return {
    score: of('score'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    transferKb: of('transferKb'),
  };
}

async function main() {
  if (!existsSync(COMPILED_SERVER) || !existsSync(WEB_BUILD)) {
    console.error('No build: run `npm run build` first.');
    process.exitCode = 1;
    return;
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium not found at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH.`);
    process.exitCode = 1;
    return;
  }
  const rounds = argValue('--rounds', 3);
  const writeDocs = !process.argv.includes('--no-docs');
  const reportsAt = process.argv.indexOf('--save-reports');
  const reportsDir = reportsAt >= 0 ? process.argv[reportsAt + 1] : undefined;
  if (reportsAt >= 0 && (!reportsDir || reportsDir.startsWith('--')))
    throw new Error('--save-reports takes a folder');
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });
  const port = 18_900 + Math.floor(Math.random() * 500);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-bench-web-'));
  const loadBefore = loadavg()[0] ?? 0;
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  const cleanUp = async () => {
    await browser?.close().catch(() => {});
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
  try {
    console.log('Starting the compiled server on a new data folder (demo data)…');
    server = await startServer(port, dataDir);
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    // The sign-in page in a context of its own, never signed in; the others as the manager.
    const signedOut = await (await browser.createBrowserContext()).newPage();
    const manager = await (await browser.createBrowserContext()).newPage();
    await signIn(manager, origin, 'manager@demo.test', '/manager-dashboard');
    const billPath = await firstBillPath(manager, origin);
    const pages = [
      { name: 'Sign-in (/login)', page: signedOut, url: `${origin}/login` },
      { name: 'Billing queue (/billing/org-approval)', page: manager, url: `${origin}/billing/org-approval` },
      { name: 'Bill page (/clients/…/bill/…)', page: manager, url: `${origin}${billPath}` },
    ];
    const results: WebResult['pages'] = [];
    for (const [index, target] of pages.entries()) {
      const runs = { compressed: [] as Audit[], baseline: [] as Audit[] };
      for (let round = 1; round <= rounds; round++) {
        // Alternating which goes first, so neither always meets a warmer server.
        const order =
          round % 2 ? (['compressed', 'baseline'] as const) : (['baseline', 'compressed'] as const);
        for (const variant of order) {
          const saveAs = reportsDir && join(reportsDir, `page${index + 1}-${variant}-round${round}.json`);
          const result = await auditWithRetries(target.page, target.url, variant === 'compressed', saveAs);
          runs[variant].push(result);
          console.log(`${target.name} ${variant} round ${round}: ${result.score}`);
        }
      }
      results.push({
        name: target.name,
        app: medianAudit(runs.compressed),
        baseline: medianAudit(runs.baseline),
        appScores: runs.compressed.map((r) => r.score),
      });
    }
    const result: WebResult = {
      date: new Date().toISOString(),
      machine: {
        cores: cpus().length,
        cpu: cpus()[0]?.model.trim() ?? 'unknown',
        memoryGb: Math.round(totalmem() / 1024 ** 3),
      },
      chromium: await browser.version(),
      lighthouse: (
        JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as {
          version: string;
        }
      ).version,
      loadAverage: [loadBefore, loadavg()[0] ?? 0],
      rounds,
      pages: results,
    };
    for (const p of results)
      console.log(`${p.name}: ${p.app.score} (baseline ${p.baseline.score}), runs ${p.appScores.join(', ')}`);
    if (writeDocs) console.log(`Wrote ${writeWebSection(join(REPO_ROOT, 'docs/performance.md'), result)}`);
  } finally {
    await cleanUp();
  }
}

await main();
