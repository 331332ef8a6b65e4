// Per-page JavaScript budgets (issue 12, decision 039): what each route needs before it can render,
// gzipped, from Vite's build manifest. The logic of scripts/check-bundle.ts, kept apart so that its
// tests (bundle-budgets.test.ts) need no build.

export const KB = 1000;

/** Issue 12's targets, printed beside each page's budget. */
export const TARGETS = { signIn: 150 * KB, public: 150 * KB, signedIn: 250 * KB };

/** The sign-in page's route module (route-table.tsx imports it lazily). */
export const SIGN_IN_PAGE = 'src/features/auth/login.ts';
/** Pages shown signed out, in the bare layout (route-table.tsx); every other page sits in a signed-in layout. */
const PUBLIC_PAGE = /^src\/features\/(auth|download-app|demo-outbox)\//;
const LAYOUT = /^src\/app\/layouts\//;

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface PageSize {
  /** The route module's source path (or, for one the bundler merged into a shared chunk, its chunk name). */
  page: string;
  /** Gzipped bytes of JavaScript before the page renders. */
  bytes: number;
  target: number;
}

/** Page → budget in KB, as bundle-budgets.json holds it. */
export type Budgets = Record<string, number>;

/** The chunk keys needed before `keys` run: themselves and their static imports, transitively. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) walk(imported);
  };
  for (const key of keys) walk(key);
  return seen;
}

const pageName = (manifest: Manifest, key: string) => manifest[key]?.src ?? manifest[key]?.name ?? key;

/**
 * Each route's initial JavaScript: the entry chunk and its static imports, plus the route module's chunk
 * and its static imports; a signed-in page also counts the signed-in layouts (all of them: an upper
 * bound). Routes are the lazy imports of the entry and its static imports (route-table.tsx); what a page
 * loads later itself (a dialog, a tab, the two-factor code step) is not counted.
 */
export function pageSizes(manifest: Manifest, gzipSize: (file: string) => number): PageSize[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('no entry chunk in the build manifest');
  // The route table may sit in a chunk the entry imports (the build's chunking groups the entry's static
  // imports), so the routes are the lazy imports of the entry's whole static closure.
  const routes = [
    ...new Set([...closure(manifest, entries)].flatMap((key) => manifest[key]?.dynamicImports ?? [])),
  ];
  const layouts = routes.filter((key) => LAYOUT.test(pageName(manifest, key)));
  if (!routes.some((key) => pageName(manifest, key) === SIGN_IN_PAGE)) {
    throw new Error(`no lazy route chunk for the sign-in page (${SIGN_IN_PAGE}) in the build manifest`);
  }
  const jsBytes = (keys: string[]) =>
    [...closure(manifest, keys)]
      .map((key) => manifest[key]?.file ?? '')
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + gzipSize(file), 0);

  return routes
    .filter((key) => !layouts.includes(key))
    .map((key) => {
      const page = pageName(manifest, key);
      const signedOut = PUBLIC_PAGE.test(page);
      const target = page === SIGN_IN_PAGE ? TARGETS.signIn : signedOut ? TARGETS.public : TARGETS.signedIn;
      return { page, bytes: jsBytes(signedOut ? [...entries, key] : [...entries, ...layouts, key]), target };
    })
    .sort((a, b) => a.page.localeCompare(b.page));
}

export interface BudgetCheck {
  lines: string[];
  /** Pages over their budget, or with none. */
  failures: string[];
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Compares each page with its budget: a page over it, or without one, fails. */
export function checkBudgets(sizes: PageSize[], budgets: Budgets): BudgetCheck {
  const lines: string[] = [];
  const failures: string[] = [];
  for (const { page, bytes, target } of sizes) {
    const budget = budgets[page];
    const status = budget === undefined ? 'NEW  ' : bytes > budget * KB ? 'OVER ' : 'ok   ';
    if (status !== 'ok   ') failures.push(page);
    const budgetText = budget === undefined ? 'no budget' : `budget ${kb(budget * KB)}`;
    lines.push(`  ${status} ${page}: ${kb(bytes)} (${budgetText}, target ${kb(target)})`);
  }
  return { lines, failures };
}

/**
 * Budgets from today's sizes with a little room (1 %, at least 1 KB, rounded up to 0.5 KB): a page fails
 * the build when it grows past that, and the budgets are rewritten (`--write-budgets`) only on purpose.
 */
export function budgetsFor(sizes: PageSize[]): Budgets {
  const budgets: Budgets = {};
  for (const { page, bytes } of sizes) {
    const room = Math.max(KB, bytes * 0.01);
    budgets[page] = Math.ceil(((bytes + room) / KB) * 2) / 2;
  }
  return budgets;
}
