#!/usr/bin/env node
/**
 * The boundaries of docs/architecture.md (Boundaries), checked on the import graph by `npm run check`
 * (issue #33 item 2). The rules are made from the folder list, so a module or feature added tomorrow is
 * covered the day it is added; nothing here names a module or a feature.
 *
 *   module-entry     a server module (apps/server/src/modules/<m>/) is entered from outside only through
 *                    its index.ts; a web feature (apps/web/src/features/<f>/) only through its index.ts
 *                    (test fixtures under features/<f>/test/ may be used by other features' tests)
 *   no-repository-export   no file but a repository re-exports a repository, and an index.ts does not
 *                    import one at all: other modules reach data through the module's services
 *   lib-no-modules   apps/server/src/lib/ and apps/server/src/plugins/ never import modules/
 *   no-cycles        no import cycle among the source files (server, web, shared); `import type` lines
 *                    are left out, as they vanish at run time
 *   table-writers    each table is written (insert, update, delete) by one server module only: the others call
 *                    its service. Read from the source: Drizzle's `.insert(table)`, `.update(table)`, `.delete(table)`
 *                    with a table of db/schema, and `insert into` / `update` / `delete from` a table name in SQL text
 *                    (a write through a helper that hides the table is not seen)
 *   web-http         no raw fetch() in the web app outside the one HTTP client (apps/web/src/lib/api-client.ts),
 *                    and no '/api/' URL in a component (.tsx): calls live in the feature's api/
 *
 * Tests (`*.test.ts(x)`, `*test-support.ts`, `apps/server/test/`) may reach a module's internals: they test
 * them. They may not form cycles. Run it alone with `node scripts/check-boundaries.mjs`; `--graph` prints
 * the cycles' files and the count of edges.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const SHARED = 'packages/shared/src';
const SOURCE_DIRS = [SERVER, 'apps/server/test', WEB, SHARED];
const HTTP_CLIENT = `${WEB}/lib/api-client.ts`;

/**
 * Known debt of the web-http rule (issue #33): files that still call fetch() or hold an '/api/' URL in a
 * component. The list may only shrink: a file not on it fails, and so does a file on it that no longer
 * needs to be (take it off). Each entry says why it is still here.
 */
const WEB_HTTP_DEBT = new Map([]);

/**
 * Known debt of the no-cycles rule: each entry is the sorted file list of one cycle the work of issue
 * #33 item 1 removes. Like WEB_HTTP_DEBT it may only shrink: a cycle not listed fails, and so does an
 * entry whose cycle is gone.
 */
const CYCLE_DEBT = new Map([]);

/**
 * Known debt of the no-repository-export rule: `file → repository` pairs, shrinking only (see above).
 */
const REEXPORT_DEBT = new Map([
  [
    'apps/server/src/modules/stock/stock.service.ts → apps/server/src/modules/stock/stock-ledger.repository.ts',
    'the POS stock ledger writers (issue #32, ADR 0025) that other modules call inside their own transaction',
  ],
]);

/**
 * Tables more than one module writes, with the modules allowed and why. By design: the sale's one
 * statement (ADR 0006, ADR 0028) writes the stock and the activity row itself. The rest is debt of
 * issue #33 item 1 / #32 and, like the lists above, may only shrink.
 */
const SHARED_WRITES = new Map([
  [
    'proc_stock_levels',
    {
      modules: ['pos', 'stock', 'stores'],
      why: 'by design: the sale statement (ADR 0006); debt: the two ledgers (#32)',
    },
  ],
  ['proc_inventory_transactions', { modules: ['pos', 'stock', 'stores'], why: 'as proc_stock_levels' }],
  ['user_activity', { modules: ['activity', 'pos'], why: "by design: the sale statement's activity row (ADR 0028)" }],
  ['accounts', { modules: ['accounts', 'pos'], why: 'by design: the sale statement charges the account (ADR 0034)' }],
  ['account_entries', { modules: ['accounts', 'pos'], why: "by design: the sale statement's charge entry (ADR 0034)" }],
  ['pos_terminals', { modules: ['pos', 'retail-stores'], why: "debt: a till's store is set by retail-stores" }],
  [
    'proc_departments',
    {
      modules: ['departments', 'jobs', 'purchasing'],
      why: 'debt: labour rate (jobs) and approval threshold (purchasing)',
    },
  ],
  [
    'proc_item_batches',
    { modules: ['purchasing', 'stores'], why: "debt: goods receipts write batches beside stores' upsertBatch" },
  ],
  ['proc_locations', { modules: ['retail-stores', 'stores'], why: "debt: a new store's selling location" }],
  ['products', { modules: ['assets', 'catalog'], why: 'debt: the asset loans flag a product' }],
  [
    'pos_settings',
    {
      modules: ['pos', 'tax'],
      why: "by design: one key/value settings table; tax writes only its key 'tax' (ADR 0030)",
    },
  ],
]);

/**
 * Files that count as one node of the cycle graph: the Drizzle schema is one schema split into files
 * whose tables refer to each other through `references(() => table.id)`, evaluated lazily.
 */
const ONE_NODE = [`${SERVER}/db/schema/`];
const nodeOf = (file) => ONE_NODE.find((prefix) => file.startsWith(prefix)) ?? file;

/** Every .ts/.tsx file under the source folders (no node_modules, dist). */
function sourceFiles() {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(path.join(root, dir))) walk(dir);
  return out;
}

/**
 * The imports of one file: static imports and re-exports (with whether they are type-only) and
 * dynamic `import('...')` calls.
 * @returns {{ specifier: string; typeOnly: boolean; reExport: boolean; line: number }[]}
 */
function importsOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? 4 : 3);
  const found = [];
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      const allTypes =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!named &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((element) => element.isTypeOnly)));
      found.push({
        specifier: statement.moduleSpecifier.text,
        typeOnly: allTypes,
        reExport: false,
        line: lineOf(statement),
      });
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const clause = statement.exportClause;
      const allTypes =
        statement.isTypeOnly ||
        (!!clause &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((e) => e.isTypeOnly));
      found.push({
        specifier: statement.moduleSpecifier.text,
        typeOnly: allTypes,
        reExport: true,
        line: lineOf(statement),
      });
    }
  }
  // `import { a } from './x.repository'; export { a };` re-exports as surely as `export … from`.
  const exported = new Set();
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && !statement.isTypeOnly) {
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause))
        for (const element of clause.elements)
          if (!element.isTypeOnly) exported.add((element.propertyName ?? element.name).text);
    }
  }
  for (const statement of source.statements) {
    const named = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (!named || !ts.isNamedImports(named) || !exported.size) continue;
    if (statement.importClause.isTypeOnly) continue;
    if (named.elements.some((element) => !element.isTypeOnly && exported.has(element.name.text)))
      found.push({
        specifier: statement.moduleSpecifier.text,
        typeOnly: false,
        reExport: true,
        line: lineOf(statement),
      });
  }
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const line = text.slice(0, match.index).split('\n').length;
    found.push({ specifier: match[1], typeOnly: false, reExport: false, line });
  }
  return found;
}

const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The repository-relative file an import names, or null for a package (shared counts as a package). */
function resolve(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else if (specifier.startsWith('@/') && from.startsWith(`${WEB}/`)) base = `${WEB}/${specifier.slice(2)}`;
  else return null;
  base = base.replace(/\.js$/, '');
  for (const suffix of RESOLVE_SUFFIXES) {
    const candidate = base + suffix;
    if (existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return null;
}

/** `{ kind, name, dir }` when the file lies in a server module or a web feature. */
function unitOf(file) {
  let match = file.match(/^apps\/server\/src\/modules\/([^/]+)\//);
  if (match) return { kind: 'module', name: match[1], dir: `${SERVER}/modules/${match[1]}` };
  match = file.match(/^apps\/web\/src\/features\/([^/]+)\//);
  if (match) return { kind: 'feature', name: match[1], dir: `${WEB}/features/${match[1]}` };
  return null;
}

/**
 * The web app's composition root: the route modules (one lazily loaded chunk per screen) and the entry
 * mount a feature's screen module by its path, so a screen's chunk holds that screen and not every
 * export of the feature's index.ts (ADR 0021, the terminal's cold start). Features never do this.
 */
const COMPOSITION_ROOT = [`${WEB}/app/`, `${WEB}/main.tsx`];

const isTest = (file) =>
  /\.test\.tsx?$/.test(file) || /test-support\.ts$/.test(file) || file.startsWith('apps/server/test/');
const isEntry = (file, unit) => file === `${unit.dir}/index.ts` || file === `${unit.dir}/index.tsx`;
const isRepository = (file) => /\.repository\.ts$/.test(file);

const started = Date.now();
const files = sourceFiles();
/** @type {Map<string, { to: string; typeOnly: boolean; reExport: boolean; line: number; specifier: string }[]>} */
const graph = new Map();
const texts = new Map();
for (const file of files) {
  const text = readFileSync(path.join(root, file), 'utf8');
  texts.set(file, text);
  const edges = [];
  for (const entry of importsOf(file, text)) {
    const to = resolve(file, entry.specifier);
    if (to) edges.push({ ...entry, to });
  }
  graph.set(file, edges);
}

/** @type {Map<string, string[]>} rule → messages */
const failures = new Map();
const fail = (rule, message) => {
  if (!failures.has(rule)) failures.set(rule, []);
  failures.get(rule).push(message);
};

const reexportDebtSeen = new Set();
for (const [file, edges] of graph) {
  const from = unitOf(file);
  for (const edge of edges) {
    const where = `${file}:${edge.line} imports '${edge.specifier}'`;
    const target = unitOf(edge.to);
    // module-entry: from outside the unit, only its index.ts.
    if (
      target &&
      (!from || from.kind !== target.kind || from.name !== target.name) &&
      !isEntry(edge.to, target) &&
      !COMPOSITION_ROOT.some((prefix) => file.startsWith(prefix))
    ) {
      const fixture = target.kind === 'feature' && edge.to.startsWith(`${target.dir}/test/`);
      if (!isTest(file) && !(fixture && isTest(file))) {
        const entry = target.kind === 'module' ? `modules/${target.name}/index.ts` : `'@/features/${target.name}'`;
        fail(
          'module-entry',
          `${where}: a ${target.kind} is entered only through its index.ts; import ${entry} (export what you need there)`,
        );
      }
    }
    // no-repository-export
    if (isRepository(edge.to) && !isRepository(file) && edge.reExport && !edge.typeOnly) {
      const key = `${file} → ${edge.to}`;
      if (REEXPORT_DEBT.has(key)) reexportDebtSeen.add(key);
      else fail('no-repository-export', `${where}: re-exports a repository; other modules call a service function`);
    }
    // lib-no-modules
    if (/^apps\/server\/src\/(lib|plugins)\//.test(file) && edge.to.startsWith(`${SERVER}/modules/`)) {
      fail('lib-no-modules', `${where}: lib/ and plugins/ never import modules/ (move the shared piece into lib/)`);
    }
    if (/^apps\/web\/src\/(lib|components)\//.test(file) && edge.to.startsWith(`${WEB}/features/`) && !isTest(file)) {
      fail(
        'lib-no-modules',
        `${where}: the web app's lib/ and components/ never import features/ (move the shared piece into lib/)`,
      );
    }
  }
}

for (const key of REEXPORT_DEBT.keys()) {
  if (!reexportDebtSeen.has(key))
    fail(
      'no-repository-export',
      `${key} is on the known-debt list of scripts/check-boundaries.mjs but is gone: take it off`,
    );
}

// no-cycles: strongly connected components of the run-time import graph (Tarjan, iterative).
const runtimeEdges = new Map();
for (const [file, edges] of graph) {
  const node = nodeOf(file);
  if (!runtimeEdges.has(node)) runtimeEdges.set(node, new Set());
  for (const edge of edges) if (!edge.typeOnly && nodeOf(edge.to) !== node) runtimeEdges.get(node).add(nodeOf(edge.to));
}
for (const [node, targets] of runtimeEdges) runtimeEdges.set(node, [...targets]);
const cycles = [];
{
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  for (const start of runtimeEdges.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1);
      const [node, i] = frame;
      const next = runtimeEdges.get(node) ?? [];
      if (i < next.length) {
        frame[1] += 1;
        const to = next[i];
        if (!runtimeEdges.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work.at(-1)[0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  }
}
const cycleDebtSeen = new Set();
for (const component of cycles) {
  if (CYCLE_DEBT.has(component.join(' '))) {
    cycleDebtSeen.add(component.join(' '));
    continue;
  }
  // One concrete loop through the component, for the message.
  const members = new Set(component);
  const first = component[0];
  const loop = [first];
  const seen = new Set([first]);
  let at = first;
  for (;;) {
    const next = (runtimeEdges.get(at) ?? []).filter((to) => members.has(to));
    const back = next.find((to) => to === first);
    if (back && loop.length > 1) break;
    const step = next.find((to) => !seen.has(to)) ?? next[0];
    if (!step || step === first) break;
    loop.push(step);
    seen.add(step);
    at = step;
  }
  fail(
    'no-cycles',
    `import cycle among ${component.length} files: ${loop.join(' → ')} → ${first} (move the shared piece to its one home)`,
  );
}

// no-cycles between units: a module (or feature) that imports another, directly or through others,
// is never imported back by it, `import type` included (a type is still a dependency of the design).
{
  const unitEdges = new Map();
  for (const [file, edges] of graph) {
    const from = unitOf(file);
    if (!from || isTest(file)) continue;
    const key = `${from.kind}s/${from.name}`;
    if (!unitEdges.has(key)) unitEdges.set(key, new Map());
    for (const edge of edges) {
      const to = unitOf(edge.to);
      if (!to || to.kind !== from.kind || to.name === from.name) continue;
      const target = `${to.kind}s/${to.name}`;
      if (!unitEdges.get(key).has(target)) unitEdges.get(key).set(target, `${file}:${edge.line}`);
    }
  }
  // Every unit reachable from each unit; a pair that reach each other is a cycle.
  const reach = (start) => {
    const seen = new Set();
    const queue = [start];
    for (let at = queue.shift(); at; at = queue.shift()) {
      for (const next of unitEdges.get(at)?.keys() ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    return seen;
  };
  const reported = new Set();
  for (const [unit, targets] of unitEdges) {
    for (const [target, where] of targets) {
      if (!reach(target).has(unit) || reported.has(`${target} ${unit}`)) continue;
      reported.add(`${unit} ${target}`);
      fail(
        'no-cycles',
        `${unit} imports ${target} (${where}) and ${target} reaches ${unit} back: move the shared piece to its one home`,
      );
    }
  }
}

for (const key of CYCLE_DEBT.keys()) {
  if (!cycleDebtSeen.has(key))
    fail(
      'no-cycles',
      `the cycle ${key} is on the known-debt list of scripts/check-boundaries.mjs but is gone: take it off`,
    );
}

// table-writers
{
  /** Drizzle table constant → SQL table name, from db/schema. */
  const tables = new Map();
  for (const [file, text] of texts) {
    if (!file.startsWith(`${SERVER}/db/schema/`)) continue;
    for (const match of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'(\w+)'/g)) tables.set(match[1], match[2]);
  }
  const sqlNames = new Set(tables.values());
  /** table → module → first file that writes it */
  const writers = new Map();
  for (const [file, text] of texts) {
    const unit = unitOf(file);
    if (unit?.kind !== 'module' || isTest(file)) continue;
    const written = new Set();
    // Comments are not code: "… may update products" in a comment writes nothing (review, 29 Nov).
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    // `tx.insert(transactions)` and `tx.insert(schema.transactions)` alike.
    for (const match of code.matchAll(/\.(?:insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*\)/g))
      if (tables.has(match[1])) written.add(tables.get(match[1]));
    for (const match of code.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi))
      if (sqlNames.has(match[1])) written.add(match[1]);
    for (const table of written) {
      if (!writers.has(table)) writers.set(table, new Map());
      if (!writers.get(table).has(unit.name)) writers.get(table).set(unit.name, file);
    }
  }
  for (const [table, modules] of writers) {
    if (modules.size < 2) continue;
    const allowed = SHARED_WRITES.get(table)?.modules ?? [];
    const extra = [...modules.keys()].filter((name) => !allowed.includes(name));
    if (extra.length === 0) continue;
    const list = [...modules].map(([name, file]) => `${name} (${file})`).join(', ');
    fail(
      'table-writers',
      `${table} is written by ${modules.size} modules: ${list}; one module owns a table, the others call its service`,
    );
  }
  for (const [table, { modules }] of SHARED_WRITES) {
    const actual = writers.get(table) ?? new Map();
    const gone = modules.filter((name) => !actual.has(name));
    if (gone.length > 0)
      fail(
        'table-writers',
        `${table}: ${gone.join(', ')} no longer write(s) it; take it off SHARED_WRITES in scripts/check-boundaries.mjs`,
      );
  }
}

// web-http
const debtSeen = new Set();
for (const [file, text] of texts) {
  if (!file.startsWith(`${WEB}/`) || isTest(file) || file === HTTP_CLIENT) continue;
  const code = text.replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
  const reasons = [];
  // fetch(…), window.fetch(…) and globalThis.fetch(…); not a method of another object (query.fetch).
  if (/(?:(?<![.\w$])|\b(?:window|globalThis|self)\.)fetch\(/.test(code))
    reasons.push('calls fetch() outside the one HTTP client (lib/api-client.ts)');
  if (/^apps\/web\/src\/(features|components)\/.*\.tsx$/.test(file) && /['"`]\/api(?:\/|['"`])/.test(code))
    reasons.push(
      "holds an '/api/' URL in a component; put the call in the feature's api/ (fetcher, query options, hook)",
    );
  if (reasons.length === 0) continue;
  if (WEB_HTTP_DEBT.has(file)) {
    debtSeen.add(file);
    continue;
  }
  for (const reason of reasons) fail('web-http', `${file}: ${reason}`);
}
for (const file of WEB_HTTP_DEBT.keys()) {
  if (!debtSeen.has(file))
    fail(
      'web-http',
      `${file} is on the known-debt list of scripts/check-boundaries.mjs but breaks no rule: take it off`,
    );
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (process.argv.includes('--graph')) {
  const edgeCount = [...graph.values()].reduce((sum, edges) => sum + edges.length, 0);
  console.log(
    `${files.length} files, ${edgeCount} local imports, ${cycles.length} file cycle(s) (${cycleDebtSeen.size} of them on the known-debt list)`,
  );
}
if (failures.size > 0) {
  let count = 0;
  for (const [rule, messages] of failures) {
    count += messages.length;
    console.error(`✖ ${rule} (${messages.length}):\n  ${messages.join('\n  ')}`);
  }
  console.error(`\nBoundaries: ${count} violation(s) in ${files.length} files (docs/architecture.md, Boundaries).`);
  process.exit(1);
}
console.log(
  `Boundaries: ${files.length} files, no violations, no import cycles but the ${cycleDebtSeen.size} on the known-debt list (${seconds} s).`,
);
