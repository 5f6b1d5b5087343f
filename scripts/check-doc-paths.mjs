/**
 * Every repository file a reference doc names must exist (`npm run check`), so the code map a
 * newcomer reads cannot drift from the tree: a moved or deleted file fails here, not in a review.
 *
 * Read: `code` spans and link targets in the docs below, and the layout code blocks (an unindented
 * line names a folder; an indented name is a file or folder inside the nearest less-indented folder).
 * A name counts as a path when it has a slash or a file extension; it is looked for from the
 * repository root, from the doc's folder and from the source roots, so `plugins/errors.ts` and
 * `apps/server/src/plugins/errors.ts` both resolve. Routes (`/api/...`), URLs, placeholders
 * (`features/<area>/`), globs and run-time folders under a setting (`DATA_DIR/…`) are not paths.
 *
 * And the other way round: the module map of docs/architecture.md names every server module, every
 * file of packages/shared/src and every web feature of the tree (mapMustName).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The user guide too: its picture links (`images/*.png`, made by `npm run docs:screenshots`) and
// the pages it links must exist.
const GUIDE = 'docs/guide';
const DOCS = [
  'docs/architecture.md',
  'docs/product.md',
  'docs/operations.md',
  'apps/web/README.md',
  ...readdirSync(path.join(root, GUIDE))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${GUIDE}/${name}`),
];
const SOURCE_ROOTS = ['', 'apps/server/src', 'apps/server', 'apps/web/src', 'apps/web', 'packages/shared/src'];
const EXTENSION = /\.(ts|tsx|mjs|js|json|md|css|sql|png)$/;

/** A name that could be a path in this repository (not a route, URL, placeholder or glob). */
function isPathLike(name) {
  if (!name || /[\s<>*{}$:?=|`'"()]/.test(name)) return false;
  if (name.startsWith('/') || name.startsWith('-') || name.startsWith('@')) return false;
  // `DATA_DIR/postgres`: a folder under a setting, made at run time, not a file of the repository.
  if (/^[A-Z][A-Z0-9_]*\//.test(name)) return false;
  return name.includes('/') || EXTENSION.test(name);
}

/** The repository path a name stands for (the first base it exists under), or null. */
function resolved(name, docDir) {
  const bases = [docDir, ...SOURCE_ROOTS];
  const base = bases.find((candidate) => existsSync(path.join(root, candidate, name)));
  return base === undefined ? null : path.posix.normalize(path.posix.join(base, name)).replace(/\/$/, '');
}

/**
 * What the code map of docs/architecture.md must name, read from the tree (issue #33 item 5): every
 * server module and web feature (its folder, or a file in it) and every file of packages/shared/src
 * but its tests. A module added without a line in the map fails here the day it is added.
 */
const MAP_DOC = 'docs/architecture.md';
function mapMustName() {
  const folders = (dir) =>
    readdirSync(path.join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => ({ path: `${dir}/${entry.name}`, folder: true }));
  const shared = readdirSync(path.join(root, 'packages/shared/src'))
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => ({ path: `packages/shared/src/${name}`, folder: false }));
  return [...folders('apps/server/src/modules'), ...shared, ...folders('apps/web/src/features')];
}

/** Names in `code` spans and [links](targets) outside fenced blocks; the module map inside them. */
function namesIn(text) {
  const names = [];
  const lines = text.split('\n');
  let inFence = false;
  /** @type {{ indent: number; path: string }[]} */
  let folders = [];
  for (const line of lines) {
    if (line.startsWith('```')) {
      inFence = !inFence;
      folders = [];
      continue;
    }
    if (inFence) {
      const indent = line.length - line.trimStart().length;
      const first = line.trimStart().split(/\s{2,}/)[0] ?? '';
      if (!first.trim()) continue;
      while (folders.length > 0 && (folders.at(-1)?.indent ?? 0) >= indent) folders.pop();
      const parent = folders.at(-1)?.path ?? '';
      // 'lib/csv.ts, csv-routes.ts': later names sit beside the first one.
      const [head = '', ...rest] = first.trim().split(/,\s*/);
      const headPath = path.join(parent, head);
      if (isPathLike(head)) names.push(headPath);
      for (const part of rest) if (isPathLike(part)) names.push(path.join(path.dirname(headPath), part));
      if (head.endsWith('/') || (indent === 0 && !EXTENSION.test(head))) folders.push({ indent, path: headPath });
      continue;
    }
    for (const match of line.matchAll(/`([^`]+)`/g)) names.push(match[1]);
    for (const match of line.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (!/^[a-z]+:/.test(match[1])) names.push(match[1]);
    }
  }
  return names.map((name) => name.replace(/[.,;]$/, '')).filter(isPathLike);
}

const missing = [];
let checked = 0;
/** Every repository path docs/architecture.md names. */
const mapNames = new Set();
for (const doc of DOCS) {
  const docDir = path.dirname(doc);
  for (const name of namesIn(readFileSync(path.join(root, doc), 'utf8'))) {
    checked += 1;
    const where = resolved(name, docDir);
    if (where === null) missing.push(`${doc}: ${name}`);
    else if (doc === MAP_DOC) mapNames.add(where);
  }
}

const unnamed = mapMustName().filter(
  (wanted) =>
    !mapNames.has(wanted.path) && !(wanted.folder && [...mapNames].some((name) => name.startsWith(`${wanted.path}/`))),
);
if (unnamed.length > 0) {
  console.error(
    `${MAP_DOC} (Module map) does not name ${unnamed.length} module(s), shared file(s) or feature(s) of the tree:\n  ${unnamed
      .map((wanted) => wanted.path + (wanted.folder ? '/' : ''))
      .join('\n  ')}`,
  );
  process.exitCode = 1;
}

if (missing.length > 0) {
  console.error(`Docs name ${missing.length} path(s) that do not exist:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
if (process.exitCode) process.exit();
console.log(`Doc paths: ${checked} names in ${DOCS.length} docs, all present.`);
