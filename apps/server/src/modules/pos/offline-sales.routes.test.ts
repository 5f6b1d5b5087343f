import { constants, createPublicKey, publicEncrypt, randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { posTerminals, products, transactions } from '../../db/schema/index';
import { salesRevision as readSalesRevision } from '../analytics/analytics.repository';
import { ledgerMismatches, stockOf as ledgerStockOf, movementsOf } from '../stock/stock-test-support';
import { ApprovalSealing } from './approval-sealing.service';
import {
  createCategory,
  createProduct,
  createVariant,
  type Line,
  postSale,
  saleBody,
  startShift,
} from './pos-test-support';

let t: TestApp;
let cashier: string;
let cashierId: string;
let otherCashier: string;
let manager: string;
let managerId: string;
let admin: string;
let bakery: string;

beforeAll(async () => {
  t = await buildTestApp();
  cashierId = await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
  await createUser(t, { role: 'cashier', pin: '3862', firstName: 'Robin', lastName: 'Drawer' });
  managerId = await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Lead' });
  await createUser(t, { role: 'super_admin', pin: '7301', firstName: 'Sam', lastName: 'Admin' });
  cashier = await signIn(t, '2915', '10.3.0.1');
  otherCashier = await signIn(t, '3862', '10.3.0.2');
  manager = await signIn(t, '4826', '10.3.0.3');
  admin = await signIn(t, '7301', '10.3.0.4');
  bakery = await createCategory(t, 'Bakery');
});
afterAll(async () => {
  await t.close();
});

function offlineBody(
  lines: Line[],
  shiftId: number,
  extra: { paymentMethod?: 'cash' | 'credit_card'; soldAt?: string; terminalId?: string } = {},
) {
  return {
    ...saleBody(
      lines,
      extra.paymentMethod ?? 'cash',
      extra.paymentMethod === 'credit_card' ? { referenceCode: '1234' } : {},
    ),
    soldAt: extra.soldAt ?? new Date().toISOString(),
    shiftId,
    terminalId: extra.terminalId ?? null,
  };
}

function postOffline(cookie: string, body: unknown, key: string = randomUUID()) {
  return inject(t, {
    method: 'POST',
    url: '/api/transactions/offline',
    cookie,
    headers: { 'idempotency-key': key },
    payload: body as Record<string, unknown>,
  });
}

async function stockOf(productId: string): Promise<number> {
  return ledgerStockOf(t, productId);
}

/** The analytics cache's sales revision (ADR 0007). */
function salesRevision(): Promise<number> {
  return readSalesRevision(t.db.db);
}

async function salesWithKey(key: string): Promise<number> {
  const rows = await t.db.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.idempotencyKey, key));
  return rows.length;
}

/** A new shift for the cashier (ending one a failed test left open, so one failure stays one). */
async function freshShift(cookie: string, openingFloat?: string) {
  await inject(t, { method: 'POST', url: '/api/shifts/end', cookie, payload: {} });
  return startShift(t, cookie, openingFloat);
}

async function endShift(cookie: string) {
  const response = await inject(t, { method: 'POST', url: '/api/shifts/end', cookie, payload: {} });
  expect(response.statusCode).toBe(200);
  return response.json().summary;
}

describe('offline sales with discounts (issue #19 × issue #15 item 7, ADR 0014)', () => {
  /**
   * Vase 12.50 × 2 = 25.00, 5% off → 23.75; Jar 5.00 × 1. 20% off the sale's 28.75 = 5.75, spread
   * 4.75 / 1.00; subtotal 23.00, card fee 2.5% = 0.58, total 23.58; discounts 7.00 in all, above a
   * cashier's 10% cap (3.00).
   */
  async function discountedSale(shiftId: number, extra: Record<string, unknown> = {}) {
    const vase = await createProduct(t, {
      name: `Vase ${randomUUID().slice(0, 6)}`,
      price: '12.50',
      stock: 10,
      categoryId: bakery,
    });
    const jar = await createProduct(t, {
      name: `Jar ${randomUUID().slice(0, 6)}`,
      price: '5.00',
      stock: 10,
      categoryId: bakery,
    });
    const body = {
      subtotal: '23.00',
      tax: '0.58',
      total: '23.58',
      paymentMethod: 'credit_card',
      referenceCode: '4417',
      notes: null,
      amountReceived: null,
      items: [
        {
          productId: vase,
          quantity: 2,
          unitPrice: '12.50',
          totalPrice: '25.00',
          discount: { type: 'percent', value: 5 },
        },
        { productId: jar, quantity: 1, unitPrice: '5.00', totalPrice: '5.00' },
      ],
      discount: { type: 'percent', value: '20' },
      soldAt: new Date().toISOString(),
      shiftId,
      terminalId: null,
      ...extra,
    };
    return { vase, jar, body };
  }

  async function activityOf(type: string, transactionId: string) {
    const { rows } = await t.db.execute(
      `select user_id as "userId", details from user_activity where activity_type = '${type}' and details->>'transactionId' = '${transactionId}'`,
      [],
    );
    return rows as Array<{ userId: string; details: Record<string, unknown> }>;
  }

  it('records a discounted sale with its discounts, exact totals and the approving manager; a resend does not double it', async () => {
    const shift = await freshShift(cashier);
    const { vase, jar, body } = await discountedSale(shift.id, { approverPin: '4826' });
    const key = randomUUID();
    const first = await postOffline(cashier, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const recorded = first.json();
    expect(recorded).toMatchObject({
      subtotal: '23.00',
      tax: '0.58',
      total: '23.58',
      discountTotal: '7.00',
      discountApprovedBy: { id: managerId, name: 'Morgan Lead' },
      shiftId: shift.id,
      late: false,
    });
    expect(recorded.discount).toEqual({ type: 'percent', value: '20.00', amount: '5.75' });
    expect(recorded.items[0].discount).toEqual({ type: 'percent', value: '5.00', amount: '1.25' });
    expect(recorded.items.map((i: { netTotal: string }) => i.netTotal)).toEqual(['19.00', '4.00']);
    expect(recorded.receipt).toMatchObject({
      grossSubtotal: '30.00',
      saleDiscount: { label: '20%', amount: '5.75' },
      discountTotal: '7.00',
      subtotal: '23.00',
      total: '23.58',
    });

    // Stored like an online sale: the sale's and the lines' discount columns.
    const detail = (await inject(t, { method: 'GET', url: `/api/transactions/${key}`, cookie: manager })).json();
    expect(detail).toMatchObject({ subtotal: '23.00', tax: '0.58', total: '23.58', discountTotal: '7.00' });
    expect(detail.discount).toEqual({ type: 'percent', value: '20.00', amount: '5.75', approvedBy: 'Morgan Lead' });
    expect(detail.lines[0]).toMatchObject({ totalPrice: '25.00', saleDiscountShare: '4.75', netTotal: '19.00' });
    expect(detail.lines[1]).toMatchObject({ totalPrice: '5.00', saleDiscountShare: '1.00', netTotal: '4.00' });
    const approved = await activityOf('discount_over_cap', key);
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({
      userId: cashierId,
      details: { approverId: managerId, capPercent: 10, discountTotal: '7.00', grossSubtotal: '30.00' },
    });
    expect(await activityOf('discount_over_cap_unapproved', key)).toHaveLength(0);

    // The outbox resends it (its answer was lost): one sale, one activity row, stock taken once.
    const again = await postOffline(cashier, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: key, total: '23.58', discountTotal: '7.00' });
    expect(await salesWithKey(key)).toBe(1);
    expect(await activityOf('discount_over_cap', key)).toHaveLength(1);
    expect(await stockOf(vase)).toBe(8);
    expect(await stockOf(jar)).toBe(9);
    // The same key with another discount is another sale: refused.
    const changed = await postOffline(cashier, { ...body, discount: { type: 'percent', value: '10' } }, key);
    expect(changed.statusCode).toBe(409);
    await endShift(cashier);
  });

  it('refuses amounts that do not add up under the discount rule, writing nothing', async () => {
    const shift = await freshShift(cashier);
    const { vase, body } = await discountedSale(shift.id);
    const cases: unknown[] = [
      // The discounts ignored: the undiscounted amounts.
      { ...body, subtotal: '30.00', tax: '0.75', total: '30.75' },
      // The amounts discounted but no discount sent.
      { ...body, discount: null },
      { ...body, items: body.items.map((i) => ({ ...i, discount: null })) },
      // A cent off the rule's rounding.
      { ...body, tax: '0.57', total: '23.57' },
      // An amount discount larger than its line cannot have been charged.
      {
        ...body,
        items: [{ ...body.items[0], discount: { type: 'amount', value: '25.01' } }, body.items[1]],
      },
    ];
    for (const wrong of cases) {
      const response = await postOffline(cashier, wrong);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('pos.offline_amounts');
    }
    expect(await stockOf(vase)).toBe(10);
    await endShift(cashier);
  });

  it('an over-cap sale without a valid approval is recorded anyway and flagged for a manager', async () => {
    const shift = await freshShift(cashier);
    const { body } = await discountedSale(shift.id);
    const noPin = randomUUID();
    const response = await postOffline(cashier, body, noPin);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ total: '23.58', discountTotal: '7.00', discountApprovedBy: null });
    const flagged = await activityOf('discount_over_cap_unapproved', noPin);
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatchObject({
      userId: cashierId,
      details: { reason: 'no_pin', capPercent: 10, discountTotal: '7.00', grossSubtotal: '30.00', subtotal: '23.00' },
    });
    expect(await activityOf('discount_over_cap', noPin)).toHaveLength(0);

    // A wrong PIN typed offline: counted and refused as online, the sale recorded and flagged.
    const wrongPin = randomUUID();
    const second = await discountedSale(shift.id, { approverPin: '3862' });
    const wrong = await postOffline(cashier, second.body, wrongPin);
    expect(wrong.statusCode, wrong.body).toBe(201);
    expect(wrong.json().discountApprovedBy).toBeNull();
    expect((await activityOf('discount_over_cap_unapproved', wrongPin))[0]?.details).toMatchObject({
      reason: 'pin_refused',
    });
    const { rows: refused } = await t.db.execute(
      `select count(*)::int as n from user_activity where activity_type = 'approval_refused' and details->>'offline' = 'true'`,
      [],
    );
    expect((refused[0] as { n: number }).n).toBeGreaterThanOrEqual(1);

    // The manager sees it: in the activity feed's filter and on the sale's history.
    const feed = await inject(t, {
      method: 'GET',
      url: '/api/super-admin/activity?type=discount_over_cap_unapproved',
      cookie: admin,
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const entries = feed.json() as Array<{ activityType: string; summary: string | null }>;
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.every((e) => e.activityType === 'discount_over_cap_unapproved')).toBe(true);
    expect(entries.map((e) => e.summary)).toContain(
      `#${noPin.slice(-6).toUpperCase()}: $7.00 off $30.00 offline, above the cap without a manager's approval`,
    );
    const detail = (await inject(t, { method: 'GET', url: `/api/transactions/${noPin}`, cookie: manager })).json();
    expect(detail.events.map((e: { type: string }) => e.type)).toContain('discount_over_cap_unapproved');

    // Within the cashier's cap nothing is flagged.
    const within = randomUUID();
    const small = await discountedSale(shift.id, {
      subtotal: '28.75',
      tax: '0.72',
      total: '29.47',
      discount: null,
    });
    const ok = await postOffline(cashier, small.body, within);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().discountTotal).toBe('1.25');
    expect(await activityOf('discount_over_cap_unapproved', within)).toHaveLength(0);
    await endShift(cashier);
  });
});

describe('a manager PIN sealed on the terminal for an offline sale (issue #19, ADR 0014)', () => {
  type Key = { kid: string; alg: string; jwk: { kty: string; n: string; e: string } };

  async function approvalKey(cookie: string): Promise<Key> {
    const response = await inject(t, { method: 'GET', url: '/api/terminals/approval-key', cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** As the terminal does it with WebCrypto: RSA-OAEP, SHA-256, of { pin, idempotencyKey }. */
  function seal(key: Key, content: unknown): { kid: string; ciphertext: string } {
    const publicKey = createPublicKey({ key: key.jwk, format: 'jwk' });
    const ciphertext = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(JSON.stringify(content)),
    ).toString('base64url');
    return { kid: key.kid, ciphertext };
  }

  async function discountedBody(shiftId: number, extra: Record<string, unknown>) {
    const vase = await createProduct(t, {
      name: `Urn ${randomUUID().slice(0, 6)}`,
      price: '20.00',
      stock: 5,
      categoryId: bakery,
    });
    return {
      subtotal: '16.00',
      tax: '0.40',
      total: '16.40',
      paymentMethod: 'credit_card',
      referenceCode: '5521',
      notes: null,
      amountReceived: null,
      items: [{ productId: vase, quantity: 1, unitPrice: '20.00', totalPrice: '20.00' }],
      discount: { type: 'percent', value: '20' },
      soldAt: new Date().toISOString(),
      shiftId,
      terminalId: null,
      ...extra,
    };
  }

  async function activityOf(type: string, transactionId: string) {
    const { rows } = await t.db.execute(
      `select user_id as "userId", details from user_activity where activity_type = '${type}' and details->>'transactionId' = '${transactionId}'`,
      [],
    );
    return rows as Array<{ userId: string; details: Record<string, unknown> }>;
  }

  it('gives signed-in terminals one public key, the same from every app instance on the database', async () => {
    const first = await approvalKey(cashier);
    expect(first).toMatchObject({ alg: 'RSA-OAEP-256', jwk: { kty: 'RSA', e: 'AQAB' } });
    expect(first.jwk).not.toHaveProperty('d');
    expect(Buffer.from(first.jwk.n, 'base64url').length).toBe(256);
    expect(await approvalKey(manager)).toEqual(first);
    // A second instance of the app (another process on the same database) hands out and opens the same key.
    const other = new ApprovalSealing(t.db.db, t.config.pinPepper);
    expect(await other.publicKey()).toEqual(first);
    const key = randomUUID();
    expect(await other.unseal(seal(first, { pin: '4826', idempotencyKey: key }))).toEqual({
      ok: true,
      content: { pin: '4826', idempotencyKey: key },
    });
    // The private key is stored wrapped: no PKCS#8 or JWK private part in the row.
    const { rows } = await t.db.execute('select public_jwk, wrapped_private_key from approval_sealing_keys', []);
    expect(rows).toHaveLength(1);
    const row = rows[0] as { public_jwk: Record<string, unknown>; wrapped_private_key: string };
    expect(row.public_jwk).not.toHaveProperty('d');
    expect(row.wrapped_private_key).not.toMatch(/PRIVATE KEY/);
    // Another pepper cannot open it.
    const stranger = new ApprovalSealing(t.db.db, 'another-pepper-another-pepper-another-pepper');
    expect(await stranger.unseal(seal(first, { pin: '4826', idempotencyKey: key }))).toEqual({
      ok: false,
      reason: 'unreadable',
    });
  });

  it('a sealed manager PIN approves the over-cap discount of the sale it was sealed for', async () => {
    const shift = await freshShift(cashier);
    const key = randomUUID();
    const sealedApproval = seal(await approvalKey(cashier), { pin: '4826', idempotencyKey: key });
    const body = await discountedBody(shift.id, { sealedApproval });
    const response = await postOffline(cashier, body, key);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      total: '16.40',
      discountTotal: '4.00',
      discountApprovedBy: { id: managerId, name: 'Morgan Lead' },
    });
    const approved = await activityOf('discount_over_cap', key);
    expect(approved).toHaveLength(1);
    expect(approved[0]?.details).toMatchObject({ approverId: managerId, offline: true });
    expect(JSON.stringify(approved)).not.toContain('4826');
    expect(await activityOf('discount_over_cap_unapproved', key)).toHaveLength(0);
    // Resent (its answer was lost): replayed, the PIN not asked again.
    const again = await postOffline(cashier, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(await salesWithKey(key)).toBe(1);

    // A wrong PIN sealed: checked and refused as a plain one, the sale recorded and flagged.
    const wrongKey = randomUUID();
    const wrong = await postOffline(
      cashier,
      await discountedBody(shift.id, {
        sealedApproval: seal(await approvalKey(cashier), { pin: '3862', idempotencyKey: wrongKey }),
      }),
      wrongKey,
    );
    expect(wrong.statusCode, wrong.body).toBe(201);
    expect(wrong.json().discountApprovedBy).toBeNull();
    expect((await activityOf('discount_over_cap_unapproved', wrongKey))[0]?.details).toMatchObject({
      reason: 'pin_refused',
    });
    await endShift(cashier);
  });

  it('a sealed PIN bound to another sale, garbage or an unknown key id is recorded, flagged and never a 500', async () => {
    const shift = await freshShift(cashier);
    const key = await approvalKey(cashier);
    const { rows: before } = await t.db.execute(
      `select count(*)::int as n from user_activity where activity_type in ('approval_granted', 'approval_refused')`,
      [],
    );
    const cases: Array<{ sealedApproval: { kid: string; ciphertext: string }; reason: string; sealedError?: string }> =
      [
        // Lifted from another sale's outbox record: its PIN is not tried.
        { sealedApproval: seal(key, { pin: '4826', idempotencyKey: randomUUID() }), reason: 'approval_other_sale' },
        {
          sealedApproval: { kid: key.kid, ciphertext: randomBytes(256).toString('base64url') },
          reason: 'approval_unreadable',
          sealedError: 'unreadable',
        },
        {
          sealedApproval: { kid: key.kid, ciphertext: 'bm90LWEtY2lwaGVydGV4dA' },
          reason: 'approval_unreadable',
          sealedError: 'unreadable',
        },
        // Sealed right, but not the expected content.
        {
          sealedApproval: seal(key, { secret: '4826' }),
          reason: 'approval_unreadable',
          sealedError: 'unreadable',
        },
        {
          sealedApproval: seal({ ...key, kid: 'retired-key' }, { pin: '4826', idempotencyKey: 'x' }),
          reason: 'approval_unreadable',
          sealedError: 'unknown_key',
        },
      ];
    for (const c of cases) {
      const saleKey = randomUUID();
      const response = await postOffline(
        cashier,
        await discountedBody(shift.id, { sealedApproval: c.sealedApproval }),
        saleKey,
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ discountTotal: '4.00', discountApprovedBy: null });
      const flagged = await activityOf('discount_over_cap_unapproved', saleKey);
      expect(flagged).toHaveLength(1);
      expect(flagged[0]?.details).toMatchObject({
        reason: c.reason,
        ...(c.sealedError ? { sealedError: c.sealedError } : {}),
      });
    }
    // No PIN was checked for any of them (nothing counted on the throttle, no approval rows).
    const { rows: after } = await t.db.execute(
      `select count(*)::int as n from user_activity where activity_type in ('approval_granted', 'approval_refused')`,
      [],
    );
    expect((after[0] as { n: number }).n).toBe((before[0] as { n: number }).n);

    // Sealed and plain at once is a client bug: refused, nothing written.
    const both = randomUUID();
    const refused = await postOffline(
      cashier,
      await discountedBody(shift.id, {
        approverPin: '4826',
        sealedApproval: seal(key, { pin: '4826', idempotencyKey: both }),
      }),
      both,
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await salesWithKey(both)).toBe(0);
    await endShift(cashier);
  });
});

describe('offline sales (issue #19)', () => {
  it('records the sale at the price the customer paid, in its shift, dated when it was made; a resend replays it', async () => {
    const scone = await createProduct(t, { name: 'Scone', price: '3.00', stock: 10, categoryId: bakery });
    const shift = await freshShift(cashier);
    // The manager raised the price while the terminal was offline: the customer paid 3.00.
    await t.db.db.update(products).set({ price: '3.50' }).where(eq(products.id, scone));
    const soldAt = new Date().toISOString();
    const body = offlineBody([{ productId: scone, quantity: 2, unitPrice: '3.00' }], shift.id, {
      paymentMethod: 'credit_card',
      soldAt,
    });
    const key = randomUUID();
    const revisionBefore = await salesRevision();
    const first = await postOffline(cashier, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      subtotal: '6.00',
      tax: '0.15',
      total: '6.15',
      paymentMethod: 'credit_card',
      referenceCode: 'VTPD1234',
      createdAt: soldAt,
      shiftId: shift.id,
      late: false,
      stockShortfalls: 0,
      items: [{ productId: scone, quantity: 2, unitPrice: '3.00', totalPrice: '6.00' }],
    });
    expect(await stockOf(scone)).toBe(8);
    // The receipt the terminal printed offline carries the key's number: the sale takes the key as its id.
    expect(first.json().id).toBe(key);
    expect(first.json().number).toBe(key.slice(-6).toUpperCase());

    // Every instance's kept day figures hear of it through the sales revision; a replay does not bump it.
    const revisionAfterSale = await salesRevision();
    expect(revisionAfterSale).toBeGreaterThan(revisionBefore);

    const again = await postOffline(cashier, body, key);
    expect(again.statusCode).toBe(200);
    expect(await salesRevision()).toBe(revisionAfterSale);
    expect(again.json().id).toBe(first.json().id);
    expect(await salesWithKey(key)).toBe(1);
    expect(await stockOf(scone)).toBe(8);

    // The same key with other contents is refused (IETF idempotency-key draft) and changes nothing.
    const other = await postOffline(
      cashier,
      offlineBody([{ productId: scone, quantity: 1, unitPrice: '3.00' }], shift.id),
      key,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('pos.idempotency_mismatch');
    expect(await stockOf(scone)).toBe(8);

    // A terminal clock that drifted never dates a sale outside its shift nor in the future.
    const early = await postOffline(
      cashier,
      offlineBody([{ productId: scone, quantity: 1, unitPrice: '3.00' }], shift.id, { soldAt: '2020-01-01T00:00:00Z' }),
    );
    const future = await postOffline(
      cashier,
      offlineBody([{ productId: scone, quantity: 1, unitPrice: '3.00' }], shift.id, {
        soldAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    const current = await inject(t, { method: 'GET', url: '/api/shifts/current', cookie: cashier });
    expect(early.json().createdAt).toBe(current.json().shift.startedAt);
    expect(Date.parse(future.json().createdAt)).toBeLessThanOrEqual(Date.now());
    await endShift(cashier);
  });

  it('a sale first tried online under the same key is not recorded twice when the outbox sends it', async () => {
    const roll = await createProduct(t, { name: 'Roll', price: '1.20', stock: 10, categoryId: bakery });
    const shift = await freshShift(cashier);
    const key = randomUUID();
    const online = await postSale(t, cashier, saleBody([{ productId: roll, quantity: 1, unitPrice: '1.20' }]), key);
    expect(online.statusCode).toBe(201);
    // The terminal never saw the answer, kept the sale in its outbox and sends it later.
    const resent = await postOffline(
      cashier,
      offlineBody([{ productId: roll, quantity: 1, unitPrice: '1.20' }], shift.id),
      key,
    );
    expect(resent.statusCode).toBe(200);
    expect(resent.json().id).toBe(online.json().id);
    expect(await salesWithKey(key)).toBe(1);
    expect(await stockOf(roll)).toBe(9);
    await endShift(cashier);
  });

  it('two tabs sending the same sale at once record it once', async () => {
    const bun = await createProduct(t, { name: 'Bun', price: '2.00', stock: 10, categoryId: bakery });
    const shift = await freshShift(cashier);
    const key = randomUUID();
    const body = offlineBody([{ productId: bun, quantity: 3, unitPrice: '2.00' }], shift.id);
    const answers = await Promise.all([postOffline(cashier, body, key), postOffline(cashier, body, key)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]?.json().id).toBe(answers[1]?.json().id);
    expect(await salesWithKey(key)).toBe(1);
    expect(await stockOf(bun)).toBe(7);
    await endShift(cashier);
  });

  it("a sale arriving after its shift closed leaves that shift's Z figures as they were and is listed as late in the next shift", async () => {
    const tart = await createProduct(t, { name: 'Tart', price: '4.00', stock: 20, categoryId: bakery });
    const first = await freshShift(cashier, '50.00');
    const online = await postSale(t, cashier, saleBody([{ productId: tart, quantity: 1, unitPrice: '4.00' }]));
    expect(online.statusCode).toBe(201);
    const closed = await endShift(cashier);
    expect(closed).toMatchObject({
      salesCount: 1,
      total: '4.00',
      cashSales: '4.00',
      expectedCash: '54.00',
      lateSales: [],
    });

    // Made offline during the first shift (price then 4.00, now 4.40); arrives with no shift open.
    await t.db.db.update(products).set({ price: '4.40' }).where(eq(products.id, tart));
    const soldAt = new Date(Date.now() - 5_000).toISOString();
    const late = await postOffline(
      cashier,
      offlineBody([{ productId: tart, quantity: 2, unitPrice: '4.00' }], first.id, { soldAt }),
    );
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json()).toMatchObject({ late: true, shiftId: first.id, total: '8.00' });
    expect(await stockOf(tart)).toBe(17);

    // The closed shift's report reads exactly as when it closed.
    const reread = await inject(t, { method: 'GET', url: `/api/shifts/${first.id}/summary`, cookie: cashier });
    expect(reread.json()).toEqual(closed);

    // The cashier's next shift lists it, with the difference from the current price.
    const next = await startShift(t, cashier);
    const summary = await inject(t, { method: 'GET', url: `/api/shifts/${next.id}/summary`, cookie: cashier });
    expect(summary.json()).toMatchObject({
      salesCount: 0,
      total: '0.00',
      lateSales: [
        {
          id: late.json().id,
          shiftId: first.id,
          paymentMethod: 'cash',
          subtotal: '8.00',
          total: '8.00',
          currentSubtotal: '8.80',
          priceDifference: '-0.80',
        },
      ],
    });
    // A late sale arriving while a shift is open is listed in that one straight away.
    const late2 = await postOffline(
      cashier,
      offlineBody([{ productId: tart, quantity: 1, unitPrice: '4.00' }], first.id, {
        soldAt: new Date(Date.parse(soldAt) + 1_000).toISOString(),
      }),
    );
    expect(late2.json().late).toBe(true);
    // The cashier's X report lists both late sales and leaves them out of its figures.
    const x = await inject(t, { method: 'GET', url: '/api/shifts/current/x-report', cookie: cashier });
    expect(x.statusCode, x.body).toBe(200);
    expect(x.json()).toMatchObject({ salesCount: 0, total: '0.00' });
    expect(x.json().lateSales.map((s: { id: string }) => s.id)).toEqual([late.json().id, late2.json().id]);
    // The first shift's Z report, written at its close, is unchanged.
    const z = await inject(t, { method: 'GET', url: `/api/shifts/${first.id}/z-report`, cookie: cashier });
    expect(z.statusCode, z.body).toBe(200);
    expect(z.json()).toMatchObject({ salesCount: 1, total: '4.00', expectedCash: '54.00', lateSales: [] });
    const ended = await endShift(cashier);
    expect(ended.lateSales.map((s: { id: string }) => s.id)).toEqual([late.json().id, late2.json().id]);
    expect(ended).toMatchObject({ salesCount: 0, total: '0.00', expectedCash: '0.00' });
  });

  it('when stock no longer covers it the sale is recorded anyway, stock stays at 0 and a manager resolves the discrepancy', async () => {
    const pie = await createProduct(t, { name: 'Pie', price: '5.00', stock: 1, categoryId: bakery });
    const shift = await freshShift(cashier);
    const sold = await postOffline(
      cashier,
      offlineBody([{ productId: pie, quantity: 3, unitPrice: '5.00' }], shift.id),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().stockShortfalls).toBe(1);
    expect(await stockOf(pie)).toBe(0);
    // The ledger moved only what was there (ADR 0010): opening 1, sale −1.
    expect((await movementsOf(t, pie)).map((m) => [m.reason, m.quantity, m.stock_after])).toEqual([
      ['opening', 1, 1],
      ['sale', -1, 0],
    ]);

    // A cashier cannot read or resolve discrepancies.
    const refused = await inject(t, { method: 'GET', url: '/api/stock-discrepancies', cookie: cashier });
    expect(refused.statusCode).toBe(403);

    const list = await inject(t, { method: 'GET', url: '/api/stock-discrepancies', cookie: manager });
    expect(list.statusCode).toBe(200);
    const open = (list.json() as Array<{ id: string; productId: string }>).filter((d) => d.productId === pie);
    expect(open).toEqual([
      expect.objectContaining({
        productName: 'Pie',
        quantityShort: 2,
        stockBefore: 1,
        currentStock: 0,
        cashierName: 'Casey Till',
        transactionId: sold.json().id,
        resolvedAt: null,
      }),
    ]);
    const id = (open[0] as { id: string }).id;

    const noNote = await inject(t, {
      method: 'POST',
      url: `/api/stock-discrepancies/${id}/resolve`,
      cookie: manager,
      payload: { note: '  ' },
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual({ note: 'Say how the discrepancy was resolved' });

    const resolved = await inject(t, {
      method: 'POST',
      url: `/api/stock-discrepancies/${id}/resolve`,
      cookie: manager,
      payload: { note: 'Found a tray in the back', countedStock: 4 },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      resolvedByName: 'Morgan Lead',
      resolutionNote: 'Found a tray in the back',
      countedStock: 4,
      currentStock: 4,
    });
    expect(await stockOf(pie)).toBe(4);
    expect((await movementsOf(t, pie)).at(-1)).toMatchObject({ reason: 'discrepancy', quantity: 4, stock_after: 4 });
    const twice = await inject(t, {
      method: 'POST',
      url: `/api/stock-discrepancies/${id}/resolve`,
      cookie: manager,
      payload: { note: 'again' },
    });
    expect(twice.statusCode).toBe(409);
    const stillOpen = await inject(t, { method: 'GET', url: '/api/stock-discrepancies?status=open', cookie: manager });
    expect((stillOpen.json() as Array<{ id: string }>).some((d) => d.id === id)).toBe(false);
    const unknown = await inject(t, {
      method: 'POST',
      url: `/api/stock-discrepancies/${randomUUID()}/resolve`,
      cookie: manager,
      payload: { note: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    await endShift(cashier);
  });

  it('floors a size option at zero on its own stock', async () => {
    const cake = await createProduct(t, {
      name: 'Cake',
      price: '6.00',
      stock: 50,
      categoryId: bakery,
      hasVariants: true,
    });
    const slice = await createVariant(t, { productId: cake, name: 'Slice', price: '2.50', stock: 1 });
    const shift = await freshShift(cashier);
    const sold = await postOffline(
      cashier,
      offlineBody(
        [{ productId: cake, variantId: slice, variantName: 'Slice', quantity: 2, unitPrice: '2.50' }],
        shift.id,
      ),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().stockShortfalls).toBe(1);
    expect(await ledgerStockOf(t, cake, slice)).toBe(0);
    expect(await stockOf(cake)).toBe(50);
    await endShift(cashier);
  });

  it("refuses amounts that do not add up, an unknown shift and another cashier's shift, writing nothing", async () => {
    const tea = await createProduct(t, { name: 'Tea', price: '2.00', stock: 10, categoryId: bakery });
    const shift = await freshShift(cashier);
    const good = offlineBody([{ productId: tea, quantity: 2, unitPrice: '2.00' }], shift.id, {
      paymentMethod: 'credit_card',
    });
    const cases: Array<[unknown, number, string]> = [
      [{ ...good, total: '4.00' }, 400, 'pos.offline_amounts'],
      [{ ...good, tax: '0.00', total: '4.00' }, 400, 'pos.offline_amounts'],
      [{ ...good, items: [{ ...good.items[0], totalPrice: '3.00' }] }, 400, 'pos.offline_amounts'],
      [{ ...good, shiftId: 987654 }, 400, 'pos.offline_unknown_shift'],
      [{ ...good, soldAt: 'yesterday' }, 400, 'validation'],
    ];
    for (const [body, status, code] of cases) {
      const response = await postOffline(cashier, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().code).toBe(code);
    }
    const other = await postOffline(otherCashier, good);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('pos.offline_other_cashier');
    expect(await stockOf(tea)).toBe(10);

    // Issue #30 item 2: not even a manager sends a sale into another's shift.
    const byManager = await postOffline(manager, good);
    expect(byManager.statusCode).toBe(409);
    expect(byManager.json().code).toBe('pos.offline_other_cashier');
    expect(await stockOf(tea)).toBe(10);
    await endShift(cashier);
  });

  it('stock equals the sum of its movements after every offline sale and resolution', async () => {
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('terminals report in; a manager sees the one whose unsynced sales are old', async () => {
    const quiet = randomUUID();
    const stuck = randomUUID();
    for (const [terminalId, unsyncedCount] of [
      [quiet, 0],
      [stuck, 3],
    ] as const) {
      const beat = await inject(t, {
        method: 'POST',
        url: '/api/terminals/heartbeat',
        cookie: cashier,
        payload: { terminalId, unsyncedCount, oldestUnsyncedAt: new Date(Date.now() - 3_600_000).toISOString() },
      });
      expect(beat.statusCode).toBe(204);
    }
    // Its last sync (never; it was first seen) is older than the limit.
    await t.db.db
      .update(posTerminals)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(posTerminals.id, stuck));
    const list = await inject(t, { method: 'GET', url: '/api/terminals', cookie: manager });
    expect(list.statusCode).toBe(200);
    const terminals = list.json().terminals as Array<{
      id: string;
      stale: boolean;
      unsyncedCount: number;
      userName: string;
    }>;
    expect(terminals.find((x) => x.id === stuck)).toMatchObject({
      stale: true,
      unsyncedCount: 3,
      userName: 'Casey Till',
    });
    expect(terminals.find((x) => x.id === quiet)).toMatchObject({ stale: false, unsyncedCount: 0 });
    expect(terminals[0]?.id).toBe(stuck);
    expect((await inject(t, { method: 'GET', url: '/api/terminals', cookie: cashier })).statusCode).toBe(403);

    // Once it reports an empty outbox it is synced.
    await inject(t, {
      method: 'POST',
      url: '/api/terminals/heartbeat',
      cookie: cashier,
      payload: { terminalId: stuck, unsyncedCount: 0 },
    });
    const after = await inject(t, { method: 'GET', url: '/api/terminals', cookie: manager });
    expect((after.json().terminals as Array<{ id: string; stale: boolean }>).find((x) => x.id === stuck)?.stale).toBe(
      false,
    );
  });
});
