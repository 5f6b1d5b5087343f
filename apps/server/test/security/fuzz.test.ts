import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expectedStatus, type Permission, ROLES, type Role } from '@retail-hub/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config/config';
import { postSale, saleBody, startShift } from '../../src/modules/pos/pos-test-support';
import { createUser, inject, type TestApp } from '../build-test-app';
import { createTestDb } from '../test-db';
import { plausibleBody, routeHeaders, type StoreIds, seedStore } from './fixtures';
import { businessTables, concreteUrl, fingerprint, usersForEveryRole } from './support';

/**
 * Issue #8 part 3: property-based fuzzing of every registered route (from app.routePermissions,
 * so routes added later are fuzzed too) as every role and as nobody. Bodies are arbitrary JSON
 * values and field-shaped mutations of a plausible body (huge strings, negative / fractional /
 * out-of-range numbers, 1e309, nested objects and arrays, unicode, __proto__ / constructor keys);
 * path parameters and query strings are fuzzed as well. Properties:
 *   1. no answer is a 5xx;
 *   2. a refused request (4xx) leaves every business table exactly as it was;
 *   3. a GET never changes a business table, whatever it answers.
 * Bounded: fixed seed (FUZZ_SEED), FUZZ_RUNS runs per route (default below). On failure the seed,
 * the run and the exact request are printed; rerun with FUZZ_SEED=<seed> to reproduce.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 8);

/**
 * Never-ending streams (checked in the events and customer display tests) and sign-out (ends the
 * session it is given).
 */
const SKIPPED = new Set(['GET /api/events', 'GET /api/display/stream', 'POST /auth/logout']);

let t: TestApp;
let cookies: Record<Role, string>;
let store: StoreIds;
let tables: string[];
let baseline: Record<string, string>;
let idPool: string[];
let addressCounter = 0;
/** Field names each route reported as invalid when probed with {} (its schema, as seen from outside). */
const discoveredFields = new Map<string, string[]>();

/** Error-level log lines of the app, so a 5xx comes with the server's own account of it. */
const errorLog: string[] = [];
let webDist = '';

beforeAll(async () => {
  const db = await createTestDb();
  // A tiny built web app, so the catch-all GET route is fuzzed as it runs in production.
  webDist = mkdtempSync(path.join(os.tmpdir(), 'rh-fuzz-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Retail Hub</title>');
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  const config = testConfig({ webDistDir: webDist });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      errorLog.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({ config, database: db, logger: { level: 'error', stream } });
  await app.ready();
  t = {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.cleanup();
    },
  };
  ({ cookies } = await usersForEveryRole(t));
  store = await seedStore(t);
  // Victims for the id pool: users the fuzzer may edit, deactivate or re-PIN without
  // ending the sessions it signs its requests with.
  const victims = [
    await createUser(t, { role: 'cashier', pin: '9274', email: 'victim@example.com' }),
    await createUser(t, { role: 'manager', pin: '6395', isActive: false }),
  ];
  const shift = await startShift(t, cookies.cashier, '20.00');
  const sale = await postSale(
    t,
    cookies.cashier,
    saleBody([{ productId: store.productId, quantity: 1, unitPrice: '4.50' }]),
  );
  expect(sale.statusCode).toBe(201);
  idPool = [
    ...Object.values(store),
    ...victims,
    sale.json().id,
    String(shift.id),
    '00000000-0000-4000-8000-000000000000',
  ];
  tables = await businessTables(t.db);
  for (const route of fuzzedRoutes()) {
    if (route.method === 'GET') continue;
    const probe = await send({
      method: route.method,
      path: concreteUrl(route.url),
      role: 'super_admin',
      payload: '{}',
    });
    try {
      const errors = (JSON.parse(probe.body) as { errors?: Record<string, unknown> }).errors;
      if (errors)
        discoveredFields.set(
          key(route),
          Object.keys(errors).filter((f) => f !== 'body'),
        );
    } catch {
      // Not JSON: nothing to learn.
    }
  }
  baseline = await fingerprint(t.db, tables);
}, 300_000);
afterAll(async () => {
  await t.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

type Route = { method: string; url: string; permission: Permission };
const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

function fuzzedRoutes(): Route[] {
  return t.app.routePermissions.filter((r) => r.method !== 'HEAD' && !SKIPPED.has(key(r)));
}

type Request = { method: string; path: string; role: Role | null; payload?: string; headers?: Record<string, string> };

function send(request: Request) {
  addressCounter += 1;
  return inject(t, {
    method: request.method as 'POST',
    url: request.path,
    cookie: request.role ? cookies[request.role] : undefined,
    headers: { ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    // A distinct client per call: the PIN throttle counts per address and must not mask a 5xx.
    remoteAddress: `10.${100 + ((addressCounter >> 16) & 0x7f)}.${(addressCounter >> 8) & 0xff}.${addressCounter & 0xff}`,
  });
}

// ---- Arbitraries ----

/** Values placed verbatim in the JSON text (JSON.stringify cannot write them). */
const RAW = ['1e309', '-1e309', '1e-400', '-0', '9007199254740993', '123456789012345678901234567890'];
const rawToken = (i: number) => `__raw_${i}__`;

const hugeString = fc.constantFrom(
  'x'.repeat(10_000),
  '9'.repeat(5_000),
  '🦀'.repeat(3_000),
  `${'a'.repeat(300)}@e.com`,
);
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '٢٩١٥',
    '-1',
    '0',
    '1e309',
    'NaN',
    'Infinity',
    '0x10',
    '4.505',
    '12,50',
    '2024-02-30',
    '9999-12-31',
    'null',
    'true',
    "' or 1=1 --",
    '%',
    '_',
    '\\',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '=HYPERLINK("x")',
    '00000000-0000-4000-8000-000000000000',
    'VTPD4111111111111111',
  ),
  hugeString,
);
const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, -0.01, 0.001, 1.5, 999, 1000, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER, -Number.MAX_VALUE),
  fc.integer({ min: 0, max: RAW.length - 1 }).map(rawToken),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 300 }) },
);

const VOCABULARY = [
  'id',
  'name',
  'pin',
  'role',
  'isActive',
  'pinHash',
  'userId',
  'price',
  'stock',
  'quantity',
  'amount',
  'total',
  'items',
  'categoryId',
  'departmentId',
  'email',
  'notes',
  'date',
  'startDate',
  'endDate',
  'status',
  'csv',
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Dotted paths to every value of a plausible body (objects and array elements, 3 levels). */
function pathsOf(value: unknown, prefix = '', depth = 0): string[] {
  if (depth > 3 || value === null || typeof value !== 'object') return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${k}` : k;
    out.push(path, ...pathsOf(v, path, depth + 1));
  }
  return out;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node: Record<string, unknown> = target;
  // Own properties only: walking into `__proto__` of the test's own objects would pollute this
  // process's Object.prototype instead of sending the key to the server.
  const own = (object: Record<string, unknown>, name: string, child: unknown) =>
    Object.defineProperty(object, name, { value: child, enumerable: true, writable: true, configurable: true });
  for (const part of parts.slice(0, -1)) {
    const next = Object.hasOwn(node, part) ? node[part] : undefined;
    if (next === null || typeof next !== 'object') own(node, part, {});
    node = node[part] as Record<string, unknown>;
  }
  own(node, parts[parts.length - 1] as string, value);
}

type Mutation = { kind: 'set'; path: string; value: unknown } | { kind: 'delete'; path: string };

function bodyArbitrary(route: Route): fc.Arbitrary<string> {
  const plausible = plausibleBody(route.method, route.url, store);
  const paths = [...new Set([...pathsOf(plausible), ...(discoveredFields.get(key(route)) ?? [])])];
  const pathArb = fc.oneof(
    ...(paths.length ? [{ weight: 4, arbitrary: fc.constantFrom(...paths) }] : []),
    { weight: 1, arbitrary: fc.constantFrom(...VOCABULARY) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS, 'constructor.prototype.isAdmin', '__proto__.role') },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('set' as const), path: pathArb, value: nastyValue }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), path: pathArb }) },
  );
  const mutated = fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations) => {
    const body = structuredClone(plausible);
    for (const m of mutations) {
      if (m.kind === 'set') setPath(body, m.path, m.value);
      else if (Object.hasOwn(body, m.path)) delete (body as Record<string, unknown>)[m.path];
    }
    return body as unknown;
  });
  return fc
    .oneof(
      { weight: 3, arbitrary: mutated },
      { weight: 1, arbitrary: fc.constant(plausible as unknown) },
      { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
      { weight: 1, arbitrary: nastyValue },
    )
    .map((body) => {
      let text = JSON.stringify(body) ?? 'null';
      RAW.forEach((raw, i) => {
        text = text.replaceAll(`"${rawToken(i)}"`, raw);
      });
      return text;
    });
}

const QUERY_KEYS = [
  'startDate',
  'endDate',
  'limit',
  'offset',
  'search',
  'categoryId',
  'assetType',
  'departmentId',
  'from',
  'to',
  'status',
  'sort',
  'page',
  'period',
];
const queryArbitrary = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })),
          fc.oneof(nastyString, nastyNumber.map(String)),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map(
        (pairs) =>
          `?${new URLSearchParams(pairs.map(([k, v]): [string, string] => [wellFormed(k), wellFormed(String(v).slice(0, 2_000))])).toString()}`,
      ),
  },
  { weight: 1, arbitrary: fc.constantFrom('?%', '?a=%E0%A4%A', '?limit=1&limit=2', '?__proto__[x]=1', '?a[b][c]=1') },
);

/** Lone surrogates replaced (encodeURIComponent throws on them; a browser would send U+FFFD). */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

function paramArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...idPool) },
    { weight: 2, arbitrary: nastyString.map((s) => encodeURIComponent(wellFormed(s.slice(0, 300))) || 'x') },
    { weight: 1, arbitrary: fc.constantFrom('-1', '0', '1e309', '99999999999999999999', '%00', '..', '%2e%2e%2f') },
  );
}

function roleArbitrary(route: Route): fc.Arbitrary<Role | null> {
  const allowed = ROLES.filter((r) => expectedStatus(r, route.permission) === 'allowed');
  const everyone = [null, ...ROLES] as const;
  return allowed.length
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...allowed) },
        { weight: 1, arbitrary: fc.constantFrom(...everyone) },
      )
    : fc.constantFrom(...everyone);
}

function describeRequest(request: Request): string {
  const payload =
    request.payload === undefined
      ? ''
      : ` body=${request.payload.slice(0, 600)}${request.payload.length > 600 ? `… (${request.payload.length} chars)` : ''}`;
  return `${request.method} ${request.path.slice(0, 400)} as ${request.role ?? 'nobody'}${payload}`;
}

/** Answers by status, printed at the end: how deep the generated requests got. */
const statusCounts = new Map<number, number>();

async function checkOne(request: Request): Promise<void> {
  errorLog.length = 0;
  const response = await send(request);
  statusCounts.set(response.statusCode, (statusCounts.get(response.statusCode) ?? 0) + 1);
  let label = `${describeRequest(request)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (response.statusCode >= 500) label += `\nserver log: ${errorLog.join('').slice(0, 1_500)}`;
  expect(response.statusCode, label).toBeLessThan(500);
  const after = await fingerprint(t.db, tables);
  if (request.method === 'GET' || response.statusCode >= 400) {
    const changed = Object.keys(after).filter((name) => after[name] !== baseline[name]);
    expect(changed, `${label}\nchanged tables: ${changed.join(', ')}`).toEqual([]);
  }
  baseline = after;
}

describe('fuzzing every route', () => {
  afterAll(() => {
    // The fuzzer itself must not have polluted this process (it builds __proto__ keys).
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('covers every registered route but the stream and sign-out', () => {
    const routes = fuzzedRoutes();
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map(key)).toContain('POST /api/transactions');
    expect(routes.map(key)).toContain('POST /auth/pin');
  });

  it(`no 5xx, and refused requests and GETs change nothing (seed ${SEED}, ${RUNS_PER_ROUTE} runs per route)`, async () => {
    const started = Date.now();
    let total = 0;
    for (const [index, route] of fuzzedRoutes().entries()) {
      const hasParams = route.url.includes(':') || route.url.endsWith('*');
      const requestArbitrary = fc
        .record({
          role: route.url === '/auth/pin' ? fc.constant(null) : roleArbitrary(route),
          param: hasParams ? paramArbitrary() : fc.constant(''),
          query: queryArbitrary,
          body: route.method === 'GET' || route.method === 'DELETE' ? fc.constant(undefined) : bodyArbitrary(route),
        })
        .map(
          ({ role, param, query, body }): Request => ({
            method: route.method,
            path: `${hasParams ? concreteUrl(route.url, param) : route.url}${query}`,
            role,
            payload: body,
            headers: routeHeaders(route.method, route.url),
          }),
        );
      const seed = SEED + index;
      const details = await fc.check(
        fc.asyncProperty(requestArbitrary, async (request) => {
          total += 1;
          await checkOne(request);
        }),
        { seed, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (details.failed) {
        // The counterexample itself can be megabytes; the assertion message carries the request, trimmed.
        const cause =
          details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        throw new Error(
          `fuzzing ${key(route)} failed at run ${details.numRuns} (FUZZ_SEED=${SEED}, route seed ${seed}, path ${details.counterexamplePath}):\n${cause.slice(0, 3_000)}`,
        );
      }
    }
    console.info(
      `fuzz: ${total} requests over ${fuzzedRoutes().length} routes in ${Date.now() - started} ms (seed ${SEED}); answers: ${[
        ...statusCounts.entries(),
      ]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ')}`,
    );
  }, 600_000);
  /**
   * Issue #13 item 11: every string a route takes (each string of its plausible body, each field
   * it names when probed with {}, and the list queries) is sent with a NUL and with a lone
   * surrogate by a role allowed to call it: the answer is 400 naming that field, and nothing changes.
   */
  it('refuses a NUL or a lone surrogate in every string field of every route with 400 naming the field', async () => {
    let checked = 0;
    for (const route of fuzzedRoutes()) {
      const allowed = ROLES.filter((r) => expectedStatus(r, route.permission) === 'allowed');
      const role = route.url === '/auth/pin' ? null : (allowed[allowed.length - 1] ?? null);
      const path = concreteUrl(route.url, idPool[0]);
      if (route.method === 'GET') {
        for (const name of ['search', 'startDate', 'status']) {
          const request: Request = { method: 'GET', path: `${path}?${name}=a%00`, role };
          const response = await send(request);
          const label = `${describeRequest(request)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          // A 400 names the field; routes may also ignore a query they do not read (the web app).
          if (response.statusCode === 400 && !Object.hasOwn(response.json().errors ?? {}, name)) {
            // Refused for another reason (the path's id does not fit this route): so it is without the query.
            const plain = await send({ method: 'GET', path, role });
            expect(plain.statusCode, label).toBe(400);
          }
          checked += 1;
        }
        continue;
      }
      if (route.method === 'DELETE') continue;
      const plausible = plausibleBody(route.method, route.url, store);
      const stringPaths = pathsOf(plausible).filter((p) => {
        let node: unknown = plausible;
        for (const part of p.split('.')) node = (node as Record<string, unknown>)?.[part];
        return typeof node === 'string';
      });
      const paths = [...new Set([...stringPaths, ...(discoveredFields.get(key(route)) ?? [])])];
      for (const field of paths) {
        for (const bad of ['a\u0000b', 'a\uD800b']) {
          const body = structuredClone(plausible);
          setPath(body, field, bad);
          const request: Request = {
            method: route.method,
            path,
            role,
            payload: JSON.stringify(body),
            headers: routeHeaders(route.method, route.url),
          };
          await checkOne(request);
          const response = await send(request);
          const label = `${describeRequest(request)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, label).toBe(400);
          expect(Object.keys(response.json().errors ?? {}), label).toEqual([field]);
          checked += 1;
        }
      }
    }
    console.info(`NUL / lone surrogate: ${checked} fields and queries checked`);
    expect(checked).toBeGreaterThan(60);
  }, 600_000);
});
