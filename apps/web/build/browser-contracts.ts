/**
 * The browser's copy of the API's route declarations (issue 12, decision 039): `@bp/contracts` declares
 * every route with zod schemas for its parameters, body and answers, which the API validates with and
 * documents. The web app's production build only reads a declaration's method, path, whether its body is
 * multipart and which answers are downloads (packages/api-client `call`; answers are validated in
 * development only), so this build step rewrites each `defineRoute({...})` of
 * `packages/contracts/src/routes/` to keep those and drop the rest. The schemas they referred to then
 * drop out of the bundle unless a screen imports them itself (a form's resolver), and then they load with
 * that screen. Development and the tests keep the declarations whole.
 */
import MagicString from 'magic-string';
import { type ESTree, type Plugin, parseSync } from 'vite';

/** Declaration fields the browser never reads: schemas and documentation. */
const DROPPED = new Set(['params', 'query', 'headers', 'body', 'summary', 'description', 'tags', 'hide']);
/** Markers (packages/contracts route.ts) the client compares against; kept wherever they appear. */
const MARKERS = new Set(['MULTIPART_BODY', 'FILE_RESPONSE']);
/** The contracts package's modules, not their tests. */
export const CONTRACTS_MODULE = /[\\/]packages[\\/]contracts[\\/]src[\\/].+(?<!\.test)\.ts$/;
/** Of those, the route declaration modules. */
const ROUTE_MODULE = /[\\/]packages[\\/]contracts[\\/]src[\\/]routes[\\/][^\\/]+$/;

type Node = ESTree.Node & { start: number; end: number };

const isMarker = (node: Node) => node.type === 'Identifier' && MARKERS.has(node.name);
const keyName = (property: ESTree.ObjectProperty) =>
  property.key.type === 'Identifier'
    ? property.key.name
    : property.key.type === 'Literal'
      ? String(property.key.value)
      : undefined;

function* children(node: object): Generator<Node> {
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item.type === 'string') yield item;
    } else if (value && typeof value === 'object' && typeof value.type === 'string') yield value;
  }
}

/** Rewrites one declaration's object literal in place: schemas become `undefined`, markers stay. */
function stripDeclaration(code: MagicString, declaration: ESTree.ObjectExpression) {
  for (const property of declaration.properties) {
    if (property.type !== 'Property') continue;
    const name = keyName(property);
    const value = property.value as Node;
    if (name === 'responses' && value.type === 'ObjectExpression') {
      // The statuses stay (which answers are successes, which are downloads); their schemas go.
      for (const answer of value.properties) {
        if (answer.type !== 'Property') continue;
        const schema = answer.value as Node;
        if (!isMarker(schema)) code.overwrite(schema.start, schema.end, 'undefined');
      }
    } else if (name && DROPPED.has(name) && !isMarker(value)) {
      code.overwrite(value.start, value.end, 'undefined');
    }
  }
}

/** Initializers that are already free of side effects, or that a bundler can see are: left as they are. */
const PLAIN = new Set([
  'Literal',
  'Identifier',
  'ArrowFunctionExpression',
  'FunctionExpression',
  'TemplateLiteral',
]);

/**
 * Marks each top-level `const x = …` that computes something (a schema: `z.object(...)`, `paged(item)`,
 * `x.extend(...)`, an object of schemas) as free of side effects, wrapped as
 * `/* @__PURE__ *\/ (() => (…))()` so that the annotation covers the whole expression: the bundler then
 * drops the schemas no screen uses even from a module it includes.
 */
function annotatePure(code: MagicString, program: ESTree.Program) {
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      const init = declarator.init as Node | null | undefined;
      if (!init || PLAIN.has(init.type)) continue;
      code.appendLeft(init.start, '/* @__PURE__ */ (() => (');
      code.appendRight(init.end, '))()');
    }
  }
}

/**
 * The browser's form of a contracts module's source: every `defineRoute({...})` of a route module keeps
 * `method`, `path`, the response statuses and the multipart/download markers, everything else becomes
 * `undefined`; every module's top-level schemas are marked pure. Null when nothing changes.
 */
export function browserContractsSource(
  source: string,
  id: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const parsed = parseSync(id, source, { lang: 'ts', sourceType: 'module' });
  if (parsed.errors.length > 0) {
    throw new Error(`browser-contracts: cannot parse ${id}: ${parsed.errors[0]?.message}`);
  }
  const code = new MagicString(source);
  if (ROUTE_MODULE.test(id)) {
    const visit = (node: Node) => {
      if (
        node.type === 'CallExpression' &&
        node.callee.type === 'Identifier' &&
        node.callee.name === 'defineRoute' &&
        node.arguments[0]?.type === 'ObjectExpression'
      ) {
        stripDeclaration(code, node.arguments[0]);
        return;
      }
      for (const child of children(node)) visit(child);
    };
    visit(parsed.program as unknown as Node);
  }
  annotatePure(code, parsed.program);
  if (!code.hasChanged()) return null;
  return { code: code.toString(), map: code.generateMap({ source: id, hires: true }) };
}

/** The Vite plugin: production builds only, before TypeScript is stripped. */
export function browserContracts(): Plugin {
  return {
    name: 'bp:browser-contracts',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: CONTRACTS_MODULE },
      handler(source, id) {
        return browserContractsSource(source, id);
      },
    },
  };
}
