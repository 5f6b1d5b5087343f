import '@/test/fake-indexeddb';
import { receiptTaxRows, type SessionUser, type SizeOption } from '@retail-hub/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { terminalDatabase } from './db';
import { queueOfflineSale } from './offline-sale';
import { outboxSales } from './outbox';
import { sendOfflineSale } from './send-offline-sale';

const user: SessionUser = { id: 'u-1', firstName: 'Casey', lastName: 'Cashier', email: null, role: 'cashier' };
const KEY = '9b2f4c1e-7a3d-4e5f-8a6b-1c2d3e4f5a6b';

describe('a sale kept offline (issue #19)', () => {
  it('is in the outbox with its key before it shows, with the receipt the terminal prints, and stock goes down here', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['/api/products', { limit: 60 }, 'page'], {
      items: [
        { id: 'p-muffin', name: 'Blueberry Muffin', stock: 5 },
        { id: 'p-latte', name: 'Latte', stock: 0 },
      ],
      total: 2,
    });
    const sizes: SizeOption[] = [
      { variantId: 'v-big', name: 'Takeaway Big Cup', priceCents: 450, price: '4.50', stock: 3, sortOrder: 1 },
    ];
    queryClient.setQueryData(['/api/products/p-latte/size-options'], sizes);

    const recorded = await queueOfflineSale({
      key: KEY,
      shiftId: 7,
      user,
      queryClient,
      now: new Date('2026-01-05T10:15:00.000Z'),
      sale: {
        subtotal: '12.50',
        tax: '0.00',
        total: '12.50',
        paymentMethod: 'cash',
        amountReceived: '20.00',
        items: [
          { productId: 'p-muffin', quantity: 2, unitPrice: '4.00', totalPrice: '8.00' },
          {
            productId: 'p-latte',
            variantId: 'v-big',
            variantName: 'Takeaway Big Cup',
            quantity: 1,
            unitPrice: '4.50',
            totalPrice: '4.50',
          },
        ],
      },
    });

    const db = terminalDatabase();
    if (!db) throw new Error('no IndexedDB');
    const [kept] = await outboxSales(db);
    expect(kept).toMatchObject({
      key: KEY,
      status: 'pending',
      receiptNumber: '4F5A6B',
      userId: 'u-1',
      body: { shiftId: 7, soldAt: '2026-01-05T10:15:00.000Z', total: '12.50' },
    });
    expect(kept?.body.terminalId).toMatch(/^[0-9a-f-]{36}$/);

    expect(recorded).toMatchObject({
      offline: true,
      id: KEY,
      number: '4F5A6B',
      changeDue: '7.50',
      receipt: {
        items: [
          { name: 'Blueberry Muffin', quantity: 2, total: '8.00' },
          { name: 'Latte (Takeaway Big Cup)', quantity: 1, total: '4.50' },
        ],
        amountReceived: '20.00',
        changeDue: '7.50',
        cashierName: 'Casey Cashier',
      },
    });

    const page = queryClient.getQueryData<{ items: Array<{ id: string; stock: number }> }>([
      '/api/products',
      { limit: 60 },
      'page',
    ]);
    expect(page?.items.find((p) => p.id === 'p-muffin')?.stock).toBe(3);
    expect(queryClient.getQueryData<SizeOption[]>(['/api/products/p-latte/size-options'])?.[0]?.stock).toBe(2);

    // The same key again (a second tap) stays one sale.
    await queueOfflineSale({ key: KEY, shiftId: 7, user, queryClient, sale: kept?.body ?? recorded });
    expect(await db.outbox.count()).toBe(1);
  });

  it("a taxed sale's receipt printed offline carries its tax by rate and 'incl.' when the prices include it (issue #34 item 2)", async () => {
    const recorded = await queueOfflineSale({
      key: '1b2f4c1e-7a3d-4e5f-8a6b-1c2d3e4f5a6c',
      shiftId: 7,
      user,
      queryClient: new QueryClient(),
      sale: {
        subtotal: '11.00',
        tax: '1.00',
        cardFee: '0.00',
        total: '11.00',
        paymentMethod: 'cash',
        amountReceived: '11.00',
        items: [{ productId: 'p-muffin', quantity: 2, unitPrice: '5.50', totalPrice: '11.00' }],
      },
      receiptTax: {
        taxLines: [{ rate: '10.00', label: 'Tax (10%) incl.', amount: '1.00' }],
        pricesIncludeTax: true,
      },
    });
    expect(recorded.receipt).toMatchObject({
      tax: '1.00',
      cardFee: '0.00',
      pricesIncludeTax: true,
      taxLines: [{ rate: '10.00', label: 'Tax (10%) incl.', amount: '1.00' }],
    });
    expect(receiptTaxRows(recorded.receipt)).toEqual([{ label: 'Tax (10%) incl.', cents: 100 }]);
  });

  it("keeps a discounted sale's discounts and its manager PIN only sealed for that sale (ADR 0014)", async () => {
    const queryClient = new QueryClient();
    const db = terminalDatabase();
    if (!db) throw new Error('no IndexedDB');
    // The server's public key, as the terminal cached it while online.
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
    await db.meta.put({
      name: 'approval-key',
      value: { kid: 'k-1', alg: 'RSA-OAEP-256', jwk: { kty: 'RSA', n: jwk.n, e: jwk.e } },
    });
    const key = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
    const sale = {
      subtotal: '23.00',
      tax: '0.58',
      total: '23.58',
      paymentMethod: 'credit_card' as const,
      referenceCode: '4417',
      items: [
        {
          productId: 'p-vase',
          quantity: 2,
          unitPrice: '12.50',
          totalPrice: '25.00',
          discount: { type: 'percent' as const, value: 5 },
        },
        { productId: 'p-jar', quantity: 1, unitPrice: '5.00', totalPrice: '5.00' },
      ],
      discount: { type: 'percent' as const, value: '20' },
      approverPin: '4826',
    };
    const recorded = await queueOfflineSale({ key, shiftId: 9, user, queryClient, sale });
    // The receipt printed offline shows the discounts as the server's receipt does.
    expect(recorded.receipt).toMatchObject({
      items: [
        { total: '25.00', discount: { label: '5%', amount: '1.25' } },
        { total: '5.00', discount: null },
      ],
      grossSubtotal: '30.00',
      saleDiscount: { label: '20%', amount: '5.75' },
      discountTotal: '7.00',
      subtotal: '23.00',
      total: '23.58',
    });

    const kept = (await outboxSales(db)).find((s) => s.key === key);
    const { approverPin: _pin, ...withoutPin } = sale;
    expect(kept?.body).toMatchObject({
      ...withoutPin,
      items: [{ discount: { type: 'percent', value: 5 } }, { productId: 'p-jar' }],
      shiftId: 9,
      sealedApproval: { kid: 'k-1', ciphertext: expect.stringMatching(/^[A-Za-z0-9_-]{300,}$/) },
    });
    // The outbox record holds no PIN: not as a field, not anywhere in it.
    expect(kept?.body).not.toHaveProperty('approverPin');
    expect(JSON.stringify(kept)).not.toContain('4826');
    // Only the private key opens it, and it names this sale.
    const opened = await crypto.subtle.decrypt(
      { name: 'RSA-OAEP' },
      pair.privateKey,
      Buffer.from(kept?.body.sealedApproval?.ciphertext ?? '', 'base64url'),
    );
    expect(JSON.parse(new TextDecoder().decode(opened))).toEqual({ pin: '4826', idempotencyKey: key });

    // What goes to POST /api/transactions/offline is that body, discounts and all.
    const sent: unknown[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (_url: string, init: { body: string }) => {
      sent.push(JSON.parse(init.body));
      return new Response('{}', { status: 201, headers: { 'Content-Type': 'application/json' } });
    }) as unknown as typeof fetch;
    try {
      if (!kept) throw new Error('not kept');
      expect(await sendOfflineSale(kept, null)).toEqual({ kind: 'confirmed' });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(sent[0]).not.toHaveProperty('approverPin');
    expect(sent[0]).toMatchObject({
      discount: { type: 'percent', value: '20' },
      sealedApproval: kept?.body.sealedApproval,
      items: [{ discount: { type: 'percent', value: 5 } }, { productId: 'p-jar' }],
      subtotal: '23.00',
      total: '23.58',
    });
  });

  it('keeps no PIN at all when the terminal has no key to seal it with', async () => {
    const db = terminalDatabase();
    if (!db) throw new Error('no IndexedDB');
    await db.meta.delete('approval-key');
    const key = '2b3c4d5e-6f7a-4b1c-8d2e-3f4a5b6c7d8e';
    await queueOfflineSale({
      key,
      shiftId: 9,
      user,
      queryClient: new QueryClient(),
      sale: {
        subtotal: '20.00',
        tax: '0.00',
        total: '20.00',
        paymentMethod: 'cash',
        items: [{ productId: 'p-vase', quantity: 2, unitPrice: '12.50', totalPrice: '25.00' }],
        discount: { type: 'percent', value: '20' },
        approverPin: '4826',
      },
    });
    const kept = (await outboxSales(db)).find((s) => s.key === key);
    // The sale is kept, held for a manager's approval (issue #30 item 16: never sent as approved), its PIN is not.
    expect(kept?.status).toBe('needs_approval');
    expect(kept?.body).toMatchObject({ total: '20.00', discount: { type: 'percent', value: '20' } });
    expect(kept?.body).not.toHaveProperty('approverPin');
    expect(kept?.body).not.toHaveProperty('sealedApproval');
    expect(JSON.stringify(kept)).not.toContain('4826');
  });

  it('says the tax rate each line was charged at (issue #34 item 2), so a rate changed since is held, not refused', async () => {
    const db = terminalDatabase();
    if (!db) throw new Error('no IndexedDB');
    const key = '3c4d5e6f-7a8b-4c1d-9e2f-4a5b6c7d8e9f';
    await queueOfflineSale({
      key,
      shiftId: 9,
      user,
      queryClient: new QueryClient(),
      sale: {
        subtotal: '12.00',
        tax: '0.80',
        total: '12.80',
        paymentMethod: 'cash',
        items: [
          { productId: 'p-muffin', quantity: 2, unitPrice: '4.00', totalPrice: '8.00' },
          { productId: 'p-water', quantity: 2, unitPrice: '2.00', totalPrice: '4.00' },
        ],
      },
      stated: { lineRates: ['10.00', '0.00'], pricesIncludeTax: false },
    });
    const kept = (await outboxSales(db)).find((s) => s.key === key);
    expect(kept?.body.items.map((i) => (i as { taxRate?: string }).taxRate)).toEqual(['10.00', '0.00']);
    expect(kept?.body).toMatchObject({ pricesIncludeTax: false, tax: '0.80', total: '12.80' });
  });
});
