import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn, type TestApp } from '../../../test/build-test-app';
import { createCategory, createProduct, postSale, saleBody, startShift } from '../pos/pos-test-support';

/** Issue #20 item 2: GET /metrics in Prometheus text, for the operator only. */
const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function app(overrides: Parameters<typeof buildTestApp>[0] = {}): Promise<TestApp> {
  const t = await buildTestApp(overrides);
  apps.push(t);
  return t;
}

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.split(' ').pop()) : 0;
}

async function scrape(t: TestApp): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('GET /metrics', () => {
  it('counts sales recorded (not replays), refusals by reason, and requests by route template and status', async () => {
    const t = await app();
    await createUser(t, { role: 'cashier', pin: '4826' });
    const cookie = await signIn(t, '4826');
    await startShift(t, cookie);
    const categoryId = await createCategory(t, 'Drinks');
    const productId = await createProduct(t, { name: 'Cola', price: '2.50', stock: 3, categoryId });
    const body = saleBody([{ productId, quantity: 1, unitPrice: '2.50' }]);

    const key = randomUUID();
    expect((await postSale(t, cookie, body, key)).statusCode).toBe(201);
    expect((await postSale(t, cookie, body, key)).statusCode).toBe(200); // replay: not a new sale
    expect((await postSale(t, cookie, body)).statusCode).toBe(201);
    const tooMany = saleBody([{ productId, quantity: 5, unitPrice: '2.50' }]);
    expect((await postSale(t, cookie, tooMany)).statusCode).toBe(409);
    expect((await postSale(t, cookie, { ...body, items: [] })).statusCode).toBe(400);

    const text = await scrape(t);
    expect(sample(text, 'retail_hub_sales_recorded_total')).toBe(2);
    const recorded = await t.db.execute('select count(*)::int as n from transactions');
    expect(recorded.rows[0]?.n).toBe(2);
    expect(sample(text, 'retail_hub_sale_refusals_total', '{reason="pos.insufficient_stock"}')).toBe(1);
    expect(sample(text, 'retail_hub_sale_refusals_total', '{reason="validation"}')).toBe(1);
    expect(sample(text, 'http_requests_total', '{method="POST",route="/api/transactions",status="201"}')).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_count', '{method="POST",route="/api/transactions",status="201"}'),
    ).toBe(2);
    // Route templates, not raw URLs: one series whatever the id.
    await t.app.inject({ method: 'GET', url: `/api/transactions/${randomUUID()}`, headers: { cookie } });
    expect(await scrape(t)).not.toMatch(/route="\/api\/transactions\/[0-9a-f]{8}-/);
    // Process figures: memory and event-loop lag.
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(/# TYPE retail_hub_event_stream_clients gauge/);
  });

  it('is refused from another computer without the token, and readable there with METRICS_TOKEN', async () => {
    const open = await app();
    const remote = await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.7' });
    expect(remote.statusCode).toBe(401);
    expect(remote.body).not.toContain('http_requests_total');
    // A reverse proxy on this computer forwards outside callers from loopback: not "local".
    const proxied = await open.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(401);
    // Issue #30 item 14: any proxy header, not only X-Forwarded-For (nginx often sends X-Real-IP alone).
    for (const headers of [
      { 'x-real-ip': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-forwarded-host': 'shop.example.com' },
      { 'x-forwarded-proto': 'https' },
      { 'true-client-ip': '203.0.113.9' },
      { 'cf-connecting-ip': '203.0.113.9' },
      { via: '1.1 proxy' },
    ]) {
      const response = await open.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
    }
    expect((await open.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);

    const token = 'metrics-token-0123456789abcdef';
    const guarded = await app({ metricsToken: token });
    const withToken = await guarded.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.0.0.7',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
    const wrong = await guarded.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.0.0.7',
      headers: { authorization: 'Bearer metrics-token-0123456789abcdeX' },
    });
    expect(wrong.statusCode).toBe(401);
  });
});
