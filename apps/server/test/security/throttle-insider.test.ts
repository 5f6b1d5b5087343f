import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postSale, saleBody, startShift } from '../../src/modules/pos/pos-test-support';
import { buildTestApp, createUser, inject, sessionCookie, signIn, type TestApp } from '../build-test-app';
import { seedStore } from './fixtures';

/**
 * Issue #30 item 4 (docs/adr/0008): an insider who knows only her own PIN minted fresh device
 * cookies, each with its own allowance, and found a manager's PIN through the refund approval
 * box in 155 s. The allowance now belongs to people and the store: a person mints at most 3
 * device cookies a day, wrong approver PINs count against the person asking (10 a day), sign-in
 * failures on the devices a person minted against that person (20 a day), an address gets 20
 * unknown failures a day, and wrong PINs from devices that know a PIN trip a store-wide breaker
 * at 50 a day that managers see. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL; the
 * day-long figure runs on PostgreSQL only.
 */
let t: TestApp;
const CASEY = '2915';
const CHRIS = '3862';
const MORGAN = '4826';
const DANA = '5174';
const OTHER_CASHIERS = ['6137', '7258', '8369', '9471', '1583'];
const REAL_PINS = new Set([CASEY, CHRIS, MORGAN, DANA, ...OTHER_CASHIERS]);
let productId: string;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'cashier', pin: CASEY, firstName: 'Casey', lastName: 'Cashier' });
  await createUser(t, { role: 'cashier', pin: CHRIS, firstName: 'Chris', lastName: 'Cashier' });
  await createUser(t, { role: 'manager', pin: MORGAN, firstName: 'Morgan', lastName: 'Manager' });
  await createUser(t, { role: 'cashier', pin: DANA, firstName: 'Dana', lastName: 'Cashier' });
  for (const [i, pin] of OTHER_CASHIERS.entries()) {
    await createUser(t, { role: 'cashier', pin, firstName: `Other${i}`, lastName: 'Cashier' });
  }
  ({ productId } = await seedStore(t));
});
beforeEach(async () => {
  await t.db.execute(`delete from auth_throttle`);
  await t.db.execute(`delete from sessions`);
});
afterAll(async () => {
  await t?.close();
});

function signInAttempt(pin: string, remoteAddress: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/pin',
    payload: { pin },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
}

function deviceCookieOf(response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find((c) => c.name.endsWith('rh_device') && c.value);
  return cookie ? `${cookie.name}=${cookie.value}` : null;
}

/** A sale of the cashier's own, in her own shift, to ask refunds of. */
async function ownSale(pin: string, address: string): Promise<{ saleId: string; lineId: string }> {
  const cashier = await signIn(t, pin, address);
  await startShift(t, cashier, '100.00').catch(() => undefined);
  const sale = await postSale(t, cashier, saleBody([{ productId, quantity: 1, unitPrice: '4.50' }]));
  expect(sale.statusCode, sale.body).toBe(201);
  const saleId = sale.json().id as string;
  const detail = await inject(t, { method: 'GET', url: `/api/transactions/${saleId}`, cookie: cashier });
  return { saleId, lineId: (detail.json().lines as Array<{ id: string }>)[0]?.id as string };
}

function refundAsking(cookie: string, sale: { saleId: string; lineId: string }, approverPin: string, address: string) {
  return inject(t, {
    method: 'POST',
    url: `/api/transactions/${sale.saleId}/refunds`,
    cookie,
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      lines: [{ itemId: sale.lineId, quantity: 1 }],
      reason: 'Customer changed mind',
      restock: true,
      approverPin,
    },
    remoteAddress: address,
  });
}

async function countOf(query: string): Promise<number> {
  const { rows } = await t.db.execute(query);
  return Number((rows[0] as { n: unknown }).n);
}

/** Moves every throttle clock back, as if `seconds` had passed. */
async function letTimePass(seconds: number) {
  const by = `interval '${seconds} seconds'`;
  await t.db.execute(
    `update auth_throttle set updated_at = updated_at - ${by}, last_failure_at = last_failure_at - ${by}, locked_until = locked_until - ${by}`,
  );
}

describe('device cookies belong to people (issue #30 item 4)', () => {
  it('signing in again and again without a cookie mints at most 3 device cookies a day and leaves at most 10 live sessions', async () => {
    const minted: string[] = [];
    for (let i = 0; i < 15; i++) {
      const response = await signInAttempt(CASEY, '10.80.0.1');
      expect(response.statusCode).toBe(200);
      const device = deviceCookieOf(response);
      if (device) minted.push(device);
    }
    expect(minted).toHaveLength(3);
    expect(new Set(minted).size).toBe(3);
    expect(await countOf(`select count(*) as n from sessions`)).toBe(10);
    // A known device keeps being renewed: its sign-ins are not mints.
    const renewed = await signInAttempt(CASEY, '10.80.0.1', minted[0]);
    expect(renewed.statusCode).toBe(200);
    expect(deviceCookieOf(renewed)).toBe(minted[0]);
    // Another person still mints their own.
    expect(deviceCookieOf(await signInAttempt(CHRIS, '10.80.0.1'))).not.toBeNull();
  });

  it('sign-in failures on every device a person minted count against that person: 20 a day, then her devices wait', async () => {
    const devices: string[] = [];
    for (let i = 0; i < 3; i++) devices.push(deviceCookieOf(await signInAttempt(CASEY, `10.81.0.${i}`)) as string);
    let checked = 0;
    // Each device locks after 5; waiting out the locks gives the devices more, up to 20 in all.
    for (let round = 0; round < 5; round++) {
      for (const [i, device] of devices.entries()) {
        for (let g = 0; g < 5; g++) {
          const r = await signInAttempt('0000', `10.81.0.${i}`, device);
          if (r.statusCode !== 401) break;
          checked++;
        }
      }
      await letTimePass(3600);
    }
    expect(checked).toBe(20);
    // Chris's till was never hers: he signs in there.
    const chris = await signInAttempt(CHRIS, '10.81.0.0');
    expect(chris.statusCode).toBe(200);
    expect((await signInAttempt(CHRIS, '10.81.0.0', deviceCookieOf(chris) as string)).statusCode).toBe(200);
  }, 120_000);

  it("wrong approver PINs through the refund box count against the person asking: fresh devices do not reach Morgan's PIN", async () => {
    const sale = await ownSale(CASEY, '10.82.0.1');
    const statuses: number[] = [];
    // A fresh browser for every guess, the attack of the issue; Morgan's PIN is the 12th guess.
    for (let i = 0; i < 12; i++) {
      const browser = await signInAttempt(CASEY, `10.82.1.${i}`);
      const cookie = [sessionCookie(browser), deviceCookieOf(browser)].filter(Boolean).join('; ');
      const guess = i === 11 ? MORGAN : String(1000 + i);
      statuses.push((await refundAsking(cookie, sale, guess, `10.82.1.${i}`)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const casey = await signIn(t, CASEY, '10.82.2.1');
    const refused = await refundAsking(casey, sale, MORGAN, '10.82.2.1');
    expect(refused.json().message).toBe('Too many wrong manager PINs today. A manager must sign in to approve this.');
    // Morgan, signed in on that till, refunds in person.
    const morgan = await signIn(t, MORGAN, '10.82.2.1');
    await startShift(t, morgan, '100.00').catch(() => undefined);
    const inPerson = await refundAsking(morgan, sale, '', '10.82.2.1');
    expect(inPerson.statusCode, inPerson.body).toBe(201);
    expect(await countOf(`select count(*) as n from user_activity where activity_type = 'approval_throttled'`)).toBe(3);
  });

  it('30 wrong approver PINs fired at once by one person: the database lets at most 10 be checked', async () => {
    const sale = await ownSale(CASEY, '10.82.5.1');
    const casey = await signIn(t, CASEY, '10.82.5.1');
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => refundAsking(casey, sale, String(3000 + i), '10.82.5.1')),
    );
    const checked = responses.filter((r) => r.statusCode === 403).length;
    expect(checked).toBe(10);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(20);
  });

  it('50 wrong PINs a day from people who know one trip the store breaker: managers see the alert, known tills still sign in', async () => {
    const manager = await signIn(t, MORGAN, '10.83.0.1');
    const quiet = await inject(t, { method: 'GET', url: '/api/auth/pin-guessing', cookie: manager });
    expect(quiet.statusCode).toBe(200);
    expect(quiet.json().known).toMatchObject({ failures: 0, threshold: 50, tripped: false });
    const chrisTill = deviceCookieOf(await signInAttempt(CHRIS, '10.83.0.2')) as string;
    // Five cashiers, ten wrong approver PINs each (their own daily allowance), refunding their own sales.
    for (const [i, pin] of OTHER_CASHIERS.entries()) {
      const sale = await ownSale(pin, `10.83.1.${i}`);
      const cashier = await signIn(t, pin, `10.83.1.${i}`);
      for (let g = 0; g < 10; g++) {
        expect((await refundAsking(cashier, sale, String(2000 + g), `10.83.1.${i}`)).statusCode).toBe(403);
      }
    }
    const alert = await inject(t, { method: 'GET', url: '/api/auth/pin-guessing', cookie: manager });
    expect(alert.json().known).toMatchObject({ failures: 50, threshold: 50, tripped: true });
    expect(alert.json().unknown).toMatchObject({ tripped: false });
    // Past the breaker every further attempt waits for a slot: Chris's known till takes the next one.
    expect((await signInAttempt(CHRIS, '10.83.0.2', chrisTill)).statusCode).toBe(200);
    // Cashiers cannot read the alert.
    const cashier = await signIn(t, CHRIS, '10.83.0.4');
    expect((await inject(t, { method: 'GET', url: '/api/auth/pin-guessing', cookie: cashier })).statusCode).toBe(403);
  });

  it('throttle rows idle past a day and its memory are purged', async () => {
    for (let i = 0; i < 5; i++) await signInAttempt('0000', `10.84.0.${i}`);
    const before = await countOf(`select count(*) as n from auth_throttle`);
    expect(before).toBeGreaterThanOrEqual(10);
    await letTimePass(26 * 3600);
    expect(await t.app.loginThrottle.purgeIdle()).toBe(before);
    expect(await countOf(`select count(*) as n from auth_throttle`)).toBe(0);
  });
});

/** Figures of one simulated day of the insider's attack. */
type DayFigures = {
  /** Hours simulated (24 unless the attack got far past the target first). */
  hours: number;
  signInChecks: number;
  approverChecks: number;
  firstHourSignIn: number;
  firstHourApprover: number;
  managerPinFoundAtHour: number | null;
  knownTill: { tried: number; signedIn: number };
  newDevice: { tried: number; signedIn: number };
  caseysLiveSessions: number;
  throttleRows: number;
};

const STEP_SECONDS = 600;
const STEPS_PER_DAY = (24 * 3600) / STEP_SECONDS;
/** Per step and channel the insider stops at her first refusal, or after this many checks. */
const PER_STEP_CAP = 10;

/**
 * One day in 10-minute steps. Every step Casey (one address, her own PIN) signs in without a
 * cookie up to 5 times to mint devices, guesses approver PINs in the refund box on each fresh
 * device (Morgan's PIN is guess 250, as in the issue), then sign-in PINs on her 5 newest devices
 * and without a cookie (from her phone), each until refused. Meanwhile Chris signs in on his
 * known till and Dana on a browser new to the store, once a step each.
 */
async function insiderDay(): Promise<DayFigures> {
  const ADDRESS = '10.90.0.1';
  /** Her phone: where she guesses without a device cookie. */
  const PHONE = '10.90.0.9';
  const sale = await ownSale(CASEY, ADDRESS);
  const chrisTill = deviceCookieOf(await signInAttempt(CHRIS, '10.90.0.2')) as string;
  await t.db.execute(`delete from auth_throttle`);
  const signInGuesses = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0')).filter(
    (p) => !REAL_PINS.has(p),
  );
  const approverGuesses = signInGuesses.filter((p) => p !== CASEY);
  approverGuesses.splice(249, 0, MORGAN);
  let signInNext = 0;
  let approverNext = 0;
  const figures: DayFigures = {
    hours: 0,
    signInChecks: 0,
    approverChecks: 0,
    firstHourSignIn: 0,
    firstHourApprover: 0,
    managerPinFoundAtHour: null,
    knownTill: { tried: 0, signedIn: 0 },
    newDevice: { tried: 0, signedIn: 0 },
    caseysLiveSessions: 0,
    throttleRows: 0,
  };
  const devices: string[] = [];
  let session = '';

  for (let step = 0; step < STEPS_PER_DAY; step++) {
    const fresh: string[] = [];
    for (let m = 0; m < 5; m++) {
      const r = await signInAttempt(CASEY, ADDRESS);
      if (r.statusCode !== 200) break;
      session = sessionCookie(r);
      const device = deviceCookieOf(r);
      if (!device) break;
      fresh.push(device);
    }
    // The approval box first, on this step's fresh devices (on her newest one when none is new).
    const approvalBrowsers = fresh.length ? fresh : devices.slice(-1);
    for (const device of session ? (approvalBrowsers.length ? approvalBrowsers : ['']) : []) {
      const cookie = [session, device].filter(Boolean).join('; ');
      for (let g = 0; g < PER_STEP_CAP; g++) {
        const r = await refundAsking(cookie, sale, approverGuesses[approverNext++] as string, ADDRESS);
        if (r.statusCode === 429 || r.statusCode === 401) break;
        figures.approverChecks++;
        if (r.statusCode === 201 && figures.managerPinFoundAtHour === null) {
          figures.managerPinFoundAtHour = (step * STEP_SECONDS) / 3600;
        }
      }
    }
    devices.push(...fresh);
    const guessSignIn = async (address: string, cookie?: string) => {
      for (let g = 0; g < PER_STEP_CAP; g++) {
        const r = await signInAttempt(signInGuesses[signInNext++ % signInGuesses.length] as string, address, cookie);
        if (r.statusCode === 429) return;
        figures.signInChecks++;
      }
    };
    for (const device of devices.slice(-5)) await guessSignIn(ADDRESS, device);
    await guessSignIn(PHONE);
    if (step === 3600 / STEP_SECONDS - 1) {
      figures.firstHourSignIn = figures.signInChecks;
      figures.firstHourApprover = figures.approverChecks;
    }
    figures.knownTill.tried++;
    if ((await signInAttempt(CHRIS, '10.90.0.2', chrisTill)).statusCode === 200) figures.knownTill.signedIn++;
    figures.newDevice.tried++;
    if ((await signInAttempt(DANA, `10.91.${step}.1`)).statusCode === 200) figures.newDevice.signedIn++;
    await letTimePass(STEP_SECONDS);
    figures.hours = ((step + 1) * STEP_SECONDS) / 3600;
    // Far past the target (the code before the fix): the day's outcome is known, stop early.
    if (step >= 6 && (figures.managerPinFoundAtHour !== null || figures.signInChecks + figures.approverChecks > 1500)) {
      break;
    }
  }
  figures.caseysLiveSessions = await countOf(
    `select count(*) as n from sessions s join users u on u.id = s.user_id where u.first_name = 'Casey'`,
  );
  figures.throttleRows = await countOf(`select count(*) as n from auth_throttle`);
  return figures;
}

describe('one insider for a day, on PostgreSQL (issue #30 item 4 target: at most 60 PINs a day)', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'checks at most 60 PINs in 24 hours, never reaches the manager PIN, and known tills and new devices keep signing in',
    async () => {
      const day = await insiderDay();
      // The figures quoted in the merge note.
      console.info(`issue #30 item 4 insider day: ${JSON.stringify(day)}`);
      expect(day.managerPinFoundAtHour).toBeNull();
      expect(day.hours).toBe(24);
      expect(day.signInChecks + day.approverChecks).toBeLessThanOrEqual(60);
      expect(day.approverChecks).toBeLessThanOrEqual(10);
      expect(day.knownTill.signedIn).toBe(day.knownTill.tried);
      expect(day.newDevice.signedIn).toBe(day.newDevice.tried);
      expect(day.caseysLiveSessions).toBeLessThanOrEqual(10);
      // Casey's rows (her two addresses, three devices, her quotas), Chris's, Dana's mints, the store's.
      expect(day.throttleRows).toBeLessThanOrEqual(20);
    },
    600_000,
  );
});
