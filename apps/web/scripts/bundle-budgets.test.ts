import { describe, expect, it } from 'vitest';
import { budgetsFor, checkBudgets, KB, type Manifest, pageSizes, SIGN_IN_PAGE } from './bundle-budgets.ts';

// A small build: the entry, the sign-in route, one signed-in page (with a lazy dialog), a layout, and a
// route the bundler merged into a shared chunk (known by its chunk name).
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: [
      SIGN_IN_PAGE,
      'src/features/clients/index.ts',
      'src/app/layouts/user-type-layout.tsx',
      '_staff.js',
    ],
  },
  '_react.js': { file: 'assets/react.js' },
  '_mui.js': { file: 'assets/mui.js', imports: ['_react.js'] },
  '_style.css': { file: 'assets/style.css' },
  [SIGN_IN_PAGE]: { file: 'assets/login.js', src: SIGN_IN_PAGE, isDynamicEntry: true, imports: ['_mui.js'] },
  'src/features/clients/index.ts': {
    file: 'assets/clients.js',
    src: 'src/features/clients/index.ts',
    isDynamicEntry: true,
    imports: ['_mui.js', '_style.css'],
    dynamicImports: ['src/features/clients/Dialog.tsx'],
  },
  'src/features/clients/Dialog.tsx': { file: 'assets/dialog.js', isDynamicEntry: true },
  'src/app/layouts/user-type-layout.tsx': {
    file: 'assets/layout.js',
    src: 'src/app/layouts/user-type-layout.tsx',
    isDynamicEntry: true,
    imports: ['_mui.js'],
  },
  '_staff.js': { file: 'assets/staff-x1.js', name: 'staff', isDynamicEntry: true, imports: ['_mui.js'] },
};
const SIZES: Record<string, number> = {
  'assets/index.js': 10 * KB,
  'assets/react.js': 60 * KB,
  'assets/mui.js': 40 * KB,
  'assets/style.css': 500 * KB,
  'assets/login.js': 5 * KB,
  'assets/clients.js': 30 * KB,
  'assets/dialog.js': 100 * KB,
  'assets/layout.js': 20 * KB,
  'assets/staff-x1.js': 7 * KB,
};
const gzipSize = (file: string) => SIZES[file] ?? 0;

describe('per-page bundle budgets', () => {
  const sizes = pageSizes(manifest, gzipSize);
  const kbOf = (page: string) => (sizes.find((size) => size.page === page)?.bytes ?? 0) / KB;

  it('counts the entry and the route’s static imports, once each, and JavaScript only', () => {
    // index 10 + react 60 + mui 40 + login 5; the CSS is not JavaScript.
    expect(kbOf(SIGN_IN_PAGE)).toBe(115);
  });

  it('adds the signed-in layouts to a signed-in page but not what the page loads later itself', () => {
    // index 10 + react 60 + mui 40 + layout 20 + clients 30; the lazy dialog (100) is not counted.
    expect(kbOf('src/features/clients/index.ts')).toBe(160);
    // A route merged into a shared chunk is named by its chunk, without the hash.
    expect(kbOf('staff')).toBe(137);
    // Layouts are not pages of their own.
    expect(sizes.map((size) => size.page)).toEqual([SIGN_IN_PAGE, 'src/features/clients/index.ts', 'staff']);
  });

  it('gives the sign-in page the 150 KB target and signed-in pages 250 KB', () => {
    expect(sizes.map((size) => size.target / KB)).toEqual([150, 250, 250]);
  });

  it('passes pages within their budgets and fails a page that grew past its own or has none', () => {
    const budgets = { [SIGN_IN_PAGE]: 115, 'src/features/clients/index.ts': 159.9 };
    const { failures, lines } = checkBudgets(sizes, budgets);
    expect(failures).toEqual(['src/features/clients/index.ts', 'staff']);
    expect(lines[0]).toContain(`ok    ${SIGN_IN_PAGE}: 115.0 KB (budget 115.0 KB, target 150.0 KB)`);
    expect(lines[1]).toContain('OVER  src/features/clients/index.ts: 160.0 KB (budget 159.9 KB');
    expect(lines[2]).toContain('NEW   staff: 137.0 KB (no budget');
  });

  it('writes budgets a little above today’s sizes, which the same build then passes', () => {
    const budgets = budgetsFor(sizes);
    expect(budgets).toEqual({ [SIGN_IN_PAGE]: 116.5, 'src/features/clients/index.ts': 162, staff: 138.5 });
    expect(checkBudgets(sizes, budgets).failures).toEqual([]);
  });

  it('finds the routes when the route table sits in a chunk the entry imports', () => {
    const { dynamicImports, ...entry } = manifest['index.html'] ?? { file: '' };
    const split: Manifest = {
      ...manifest,
      'index.html': { ...entry, imports: ['_app.js'] },
      '_app.js': { file: 'assets/app.js', imports: ['_react.js'], dynamicImports },
    };
    const pages = pageSizes(split, gzipSize);
    expect(pages.map((size) => size.page)).toEqual([SIGN_IN_PAGE, 'src/features/clients/index.ts', 'staff']);
    // The same sizes: the app chunk has no size here, the entry keeps its own.
    expect(pages.map((size) => size.bytes / KB)).toEqual([115, 160, 137]);
  });

  it('refuses a build without the sign-in route', () => {
    const { [SIGN_IN_PAGE]: _login, ...withoutLogin } = manifest;
    const entry = { ...manifest['index.html'], file: 'assets/index.js', dynamicImports: [] };
    expect(() => pageSizes({ ...withoutLogin, 'index.html': entry }, gzipSize)).toThrow(/sign-in page/);
  });
});
