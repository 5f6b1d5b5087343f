// What the web build is made from: a build older than the newest of these files is stale.
// `npm start` (scripts/start.mjs) and bench/browser rebuild on that rule.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/shared/src',
];

/** @param {string} target @returns {number} */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * When the web app's sources under the repository `root` last changed (ms since the epoch).
 * @param {string} root
 * @returns {number}
 */
export function webSourcesChangedAt(root) {
  return Math.max(...WEB_SOURCES.map((source) => newestMtime(path.join(root, source))));
}
