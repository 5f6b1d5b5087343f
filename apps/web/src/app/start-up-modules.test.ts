import { describe, expect, it } from 'vitest';

/**
 * Issue #19 (cold start, ADR 0021): the web app's entry and the POS terminal import these modules
 * of packages/shared at start-up. They must not reach zod through a value import, directly or
 * through another module of the package, or every schema of the module they reach is built before
 * the till can sell (zod was 25 KB gzip and about 50 ms of a counter PC's cold start). `import
 * type` is erased.
 */
const START_UP_MODULES = [
  'auth-rules.ts',
  'catalog-rules.ts',
  'customer-display-rules.ts',
  'discount-rules.ts',
  'error-codes.ts',
  'events.ts',
  'money.ts',
  'permissions.ts',
  'pos-rules.ts',
  'receipt-email.ts',
  'roles.ts',
  'screens.ts',
  'sealed-approval.ts',
  'size-options.ts',
];

/** packages/shared's modules as text, by file name. */
const SHARED_SOURCES: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../../../../packages/shared/src/*.ts', { query: '?raw', import: 'default', eager: true }),
  ).map(([file, source]) => [file.slice(file.lastIndexOf('/') + 1), source]),
);

/** The specifiers a module imports values from (`import type` and all-`type` lists left out). */
function valueImports(file: string): string[] {
  const source = SHARED_SOURCES[file];
  if (source === undefined) throw new Error(`packages/shared/src/${file} does not exist`);
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+([^;]*?)\s+from\s+'([^']+)'/gms)) {
    const clause = match[1] ?? '';
    const specifier = match[2] ?? '';
    if (/^type\s/.test(clause)) continue;
    const names = /^\{([\s\S]*)\}$/.exec(clause.trim())?.[1];
    if (names?.split(',').every((name) => !name.trim() || /^type\s/.test(name.trim()))) continue;
    specifiers.push(specifier);
  }
  return specifiers;
}

/** Every module reached through value imports, each with the chain that reached it. */
function reach(file: string): Map<string, string[]> {
  const reached = new Map<string, string[]>([[file, [file]]]);
  const queue = [file];
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    for (const specifier of valueImports(current)) {
      const target = specifier.startsWith('./') ? `${specifier.slice(2)}.ts` : specifier;
      if (reached.has(target)) continue;
      reached.set(target, [...(reached.get(current) ?? []), target]);
      if (target.endsWith('.ts')) queue.push(target);
    }
  }
  return reached;
}

describe('start-up modules of the web app stay free of zod', () => {
  it.each(START_UP_MODULES)('%s reaches no zod through value imports', (file) => {
    const chain = reach(file).get('zod');
    expect(chain, chain ? `zod is reached by ${chain.join(' → ')}` : '').toBeUndefined();
  });

  it('sees an import of zod where there is one (the check can fail)', () => {
    expect(reach('pos.ts').get('zod')).toEqual(['pos.ts', 'zod']);
    expect(reach('expenses.ts').has('zod')).toBe(true);
  });
});
