// Module boundaries of the API (DESIGN.md §2, docs/architecture.md), checked by `npm run lint:modules`.
//
// The module map below is the one source of truth for which API module may use which. The config refuses
// to load when the map has a loop, and turns the map into `forbidden` rules, so a new import either fits
// the map or fails the lint (and changing the map is a reviewed change to this file and the docs).
//
// Exempt on purpose: test files (`*.test.ts`, `*test-support.ts`) and `src/seed/` set up data through
// other modules' tables as fixtures; `src/test/` holds the shared test harness; the wiring root
// (`app.ts`, `server.ts`, `db-schema.ts`) composes every module and is above them all.

/**
 * Module -> the modules it may import (only through their `index.ts`). Listed bottom-up: layer 1
 * identity, 2 tenancy, 3 money work, 4 views over the others (DESIGN.md §2). `platform/` is layer 0 and
 * imports no module.
 */
const moduleMap = {
  // 1 identity
  users: [],
  // reads a job of the one runner (platform/jobs) for the user who asked for it
  jobs: [],
  organizations: ['users'],
  groups: ['organizations', 'users'],
  notifications: ['organizations', 'users'],
  auth: ['notifications', 'organizations', 'users'],
  mfa: ['auth', 'notifications', 'organizations', 'users'],
  // 2 tenancy
  clients: ['auth', 'notifications', 'organizations', 'users'],
  entities: ['clients', 'organizations', 'users'],
  institutions: [],
  'client-records': ['clients', 'entities', 'institutions', 'organizations', 'users'],
  access: ['auth', 'clients', 'groups', 'organizations', 'users'],
  staff: ['auth', 'clients', 'groups', 'notifications', 'organizations', 'users'],
  // 3 money work
  sanctions: ['entities', 'organizations'],
  'bill-core': ['client-records', 'clients', 'entities', 'groups', 'organizations', 'users'],
  tasks: ['bill-core', 'clients', 'groups', 'organizations', 'users'],
  'bill-messages': ['bill-core', 'clients', 'entities', 'notifications', 'organizations', 'users'],
  bills: [
    'bill-core',
    'bill-messages',
    'client-records',
    'clients',
    'entities',
    'organizations',
    'sanctions',
    'tasks',
    'users',
  ],
  'bill-workflow': [
    'bill-core',
    'bills',
    'books',
    'client-records',
    'clients',
    'entities',
    'notifications',
    'organizations',
    'tasks',
    'users',
    'vendors',
  ],
  // QuickBooks Online and Desktop (issue 18, decision 035): imports vendors, accounts, classes, terms and
  // customers into entities' lists (vendor writes through the vendor master's hook, handed in by app.ts),
  // exports bills it reads through bill-core; bill-workflow's MoneyMoveHook type is the port app.ts wires.
  quickbooks: ['bill-core', 'bill-workflow', 'clients', 'entities', 'users'],
  payments: [
    'bill-core',
    'bill-workflow',
    'client-records',
    'clients',
    'entities',
    'organizations',
    'users',
    'vendors',
  ],
  // the ledger of each entity (issue 17, decision 030): accounts, journals, periods, reports; reads bill
  // lines' chart accounts and divisions through entities, users' Books feature through users, and keys
  // its settings by clients' key. bill-workflow calls it (postBillEvent) in a transition's transaction;
  // books knows nothing of bills. Client-records' properties name what a line is for (decision 034).
  books: ['client-records', 'clients', 'entities', 'users'],
  commitments: ['bill-core', 'bills', 'clients', 'entities', 'organizations', 'users'],
  // the vendor master (decision 022): parent vendors, history, call-back verification; merges re-point
  // bills and commitments through their write functions; screens names through sanctions
  vendors: ['bill-core', 'clients', 'commitments', 'entities', 'organizations', 'sanctions', 'users'],
  // pre-bill inboxes fed by e-mail (issue 13); reads attachments' types through client-records, filters
  // by entity and limits designees through entities, names who archived an e-mail through users; converts
  // an e-mail into a bill through bills (createBillInTx) and files its attachments through bill-core
  inbox: ['bill-core', 'bills', 'client-records', 'clients', 'entities', 'users'],
  // a client's reports and their files (issue 14): uploads checked by client-records' file check; the
  // check register and printed checks read paid bills through bill-core and payees through entities; the
  // cash-flow report reads the commitments forecast
  reports: ['bill-core', 'client-records', 'clients', 'commitments', 'entities', 'organizations', 'users'],
  // report reminders raising tasks (issue 14, decision 025): tasks through its write and read pieces,
  // the reminder's staff through organizations/users, e-mail and push through the outbox (notifications)
  workflow: ['bill-core', 'clients', 'entities', 'notifications', 'organizations', 'tasks', 'users'],
  // bank feeds through the aggregator (issue 19, decision 036): linked accounts join client-records'
  // accounts, statements become its documents and attach to workflow's reconciliations; funding reads
  // the waiting bills through bill-core and the minimum balance through entities
  // (decision 037) fed lines land in the entity's books account through books' receiveBankLines; the
  // feeder rules on arrival run through the LinesArrived port app.ts and server.ts wire to books
  'bank-feeds': ['bill-core', 'books', 'client-records', 'clients', 'entities', 'users', 'workflow'],
  // paid bills matched to bank lines (decision 036): lines from bank-feeds, bills through bill-core,
  // payees through entities, a match's clearing entry through books (decision 037), the request-document
  // task through tasks and the e-mail to the client's
  // users (clients, users) through the outbox (notifications); the reconciliation through workflow
  'bank-matching': [
    'bank-feeds',
    'bill-core',
    'books',
    'clients',
    'entities',
    'notifications',
    'tasks',
    'users',
    'workflow',
  ],
  // investment accounts and positions from the investment-data provider (decision 036)
  investments: ['clients', 'entities'],
  // the mail-scan service's mailboxes and pieces, filed into pre-bill inboxes (decision 036)
  'mail-scan': ['client-records', 'clients', 'entities', 'inbox', 'organizations'],
  // 4 views
  // the client onboarding checklist (issue 15, decision 028): step statuses counted from the records of
  // client-records, clients, commitments and entities; the team read through organizations and users;
  // client details and the completion flag written through clients
  onboarding: ['client-records', 'clients', 'commitments', 'entities', 'organizations', 'users'],
  'bill-search': ['bill-core', 'bill-workflow', 'clients', 'entities', 'users'],
  audit: ['clients', 'organizations', 'users'],
  // the advisor's and the family office's clients (decision 029): their bills through bill-core's query
  // pieces, the outflow through the commitments forecast, reports counted through reports' piece
  portfolio: ['bank-feeds', 'bill-core', 'clients', 'commitments', 'investments', 'onboarding', 'reports'],
};

/** Throws when the map has a loop or names a module it does not list, so a bad map cannot pass. */
function assertAcyclic(map) {
  const state = new Map(); // module -> 'visiting' | 'done'
  const visit = (name, path) => {
    if (!(name in map))
      throw new Error(`module map: ${path.at(-1)} uses "${name}", which the map does not list`);
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      throw new Error(`module map has a loop: ${[...path.slice(path.indexOf(name)), name].join(' -> ')}`);
    }
    state.set(name, 'visiting');
    for (const used of map[name]) visit(used, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of Object.keys(map)) visit(name, []);
}
assertAcyclic(moduleMap);

const MODULES = '^apps/api/src/modules/';
const asPattern = (name) => name.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
// Fixtures may reach anywhere (see the header).
const TESTS = ['\\.test\\.ts$', 'test-support\\.ts$'];
// A module's edge: where HTTP meets its services (route handlers, and helpers under http/ that read a
// request), and its index.ts, which re-exports the route registration.
const EDGE = ['(^|/|-)routes\\.ts$', `${MODULES}[^/]+/http/`, `${MODULES}[^/]+/index\\.ts$`];

const mapRules = Object.entries(moduleMap).map(([name, uses]) => ({
  name: `module-map:${name}`,
  comment: `${name} may use only ${uses.length ? uses.join(', ') : 'platform'} (the module map in .dependency-cruiser.cjs and docs/architecture.md)`,
  severity: 'error',
  from: { path: `${MODULES}${asPattern(name)}/`, pathNot: TESTS },
  to: {
    path: `${MODULES}[^/]+/`,
    pathNot: [name, ...uses].map((allowed) => `${MODULES}${asPattern(allowed)}/`),
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-not-in-map',
      comment: 'every folder under apps/api/src/modules is a module and must be listed in the module map',
      severity: 'error',
      from: {},
      to: {
        path: `${MODULES}([^/]+)/`,
        pathNot: Object.keys(moduleMap).map((name) => `${MODULES}${asPattern(name)}/`),
      },
    },
    ...mapRules,
    {
      name: 'only-through-index',
      comment:
        'another module is used only through its index.ts (services, read models, query pieces), never its tables, repo or other files',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: [...TESTS, '/tables\\.ts$'] },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'schema-through-keys',
      comment:
        "a module's tables.ts names another module's tables only by the primary keys its keys.ts exports (foreign keys)",
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/tables\\.ts$` },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/keys\\.ts$`],
      },
    },
    {
      name: 'platform-below-modules',
      comment:
        'platform/ is layer 0: modules build on it, it imports no module (app.ts wires modules in through deps)',
      severity: 'error',
      from: { path: '^apps/api/src/platform/', pathNot: TESTS },
      to: { path: MODULES },
    },
    {
      name: 'services-free-of-http',
      comment:
        "a module's services, read models and rules know nothing of HTTP: they take a plain ServiceContext and throw the module's own errors (its errors.ts); only its edge (routes.ts, *-routes.ts, http/) reads requests and platform/http, and throws platform/errors.ts refusals",
      severity: 'error',
      from: { path: `${MODULES}[^/]+/`, pathNot: [...TESTS, ...EDGE] },
      to: {
        path: [
          '^node_modules/fastify/',
          '^apps/api/src/platform/http/',
          '^apps/api/src/platform/errors\\.ts$',
        ],
      },
    },
    {
      name: 'no-file-cycles',
      comment: 'no import loop between files either',
      severity: 'error',
      from: { path: '^apps/api/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // fastify is followed only so services-free-of-http can see who imports it.
    includeOnly: ['^apps/api/src/', '^node_modules/fastify/'],
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
// For scripts/architecture.ts (it writes the map into docs/architecture.md); not enumerable, because
// dependency-cruiser refuses configuration keys it does not know.
Object.defineProperty(module.exports, 'moduleMap', { value: moduleMap, enumerable: false });
