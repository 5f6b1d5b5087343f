import '@/test/fake-indexeddb';
import type { SaleRequest, SessionUser } from '@retail-hub/shared';
import { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { type OutboxSale, terminalDatabase } from './db';
import { approveHeldSale, chargeHeldSaleFullPrice } from './needs-approval';
import { queueOfflineSale } from './offline-sale';
import { outboxSales } from './outbox';
import { SyncWorker } from './sync-worker';

/**
 * Issue #30 item 16: offline, PIN 0000 was "accepted" and the sale recorded at 50% off. A discount
 * above the cap is never sent as approved: the sale waits in the outbox as 'needs_approval' until a
 * manager approves it on this terminal or it is charged at full price.
 */
const cashier: SessionUser = { id: 'u-7', firstName: 'Chris', lastName: 'Cashier', email: null, role: 'cashier' };

function fiftyPercentOff(extra: Partial<SaleRequest> = {}): SaleRequest {
  return {
    subtotal: '20.00',
    tax: '0.00',
    total: '20.00',
    paymentMethod: 'cash',
    amountReceived: '20.00',
    items: [{ productId: 'p-lamp', quantity: 2, unitPrice: '20.00', totalPrice: '40.00' }],
    discount: { type: 'percent', value: '50' },
    ...extra,
  };
}

function db() {
  const database = terminalDatabase();
  if (!database) throw new Error('no IndexedDB');
  return database;
}

async function kept(key: string): Promise<OutboxSale | undefined> {
  return (await outboxSales(db())).find((s) => s.key === key);
}

async function sentBy(): Promise<string[]> {
  const sent: string[] = [];
  const worker = new SyncWorker({
    db: db(),
    send: async (sale) => {
      sent.push(sale.key);
      return { kind: 'confirmed' };
    },
  });
  await worker.drain();
  return sent;
}

beforeAll(async () => {
  // The server's public key, as the terminal cached it while online (ADR 0014).
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  await db().meta.put({
    name: 'approval-key',
    value: { kid: 'k-1', alg: 'RSA-OAEP-256', jwk: { kty: 'RSA', n: jwk.n, e: jwk.e } },
  });
});

describe('a discount above the cap sold offline (issue #30 item 16)', () => {
  it('without an approval waits as needs_approval and is not sent; a discount within the cap goes as usual', async () => {
    const held = '11111111-1111-4111-8111-111111111111';
    const within = '22222222-2222-4222-8222-222222222222';
    const queryClient = new QueryClient();
    await queueOfflineSale({ key: held, shiftId: 3, user: cashier, queryClient, sale: fiftyPercentOff() });
    await queueOfflineSale({
      key: within,
      shiftId: 3,
      user: cashier,
      queryClient,
      sale: fiftyPercentOff({
        subtotal: '36.00',
        total: '36.00',
        amountReceived: '36.00',
        discount: { type: 'percent', value: '10' },
      }),
    });
    expect((await kept(held))?.status).toBe('needs_approval');
    expect((await kept(within))?.status).toBe('pending');
    expect(await sentBy()).toEqual([within]);
    expect((await kept(held))?.status).toBe('needs_approval');
  });

  it('a manager approving it on the terminal seals their PIN for that sale and sends it', async () => {
    const key = '33333333-3333-4333-8333-333333333333';
    await queueOfflineSale({ key, shiftId: 3, user: cashier, queryClient: new QueryClient(), sale: fiftyPercentOff() });
    expect(await approveHeldSale(db(), key, '4826')).toBe(true);
    const approved = await kept(key);
    expect(approved?.status).toBe('pending');
    expect(approved?.body.sealedApproval).toMatchObject({ kid: 'k-1' });
    expect(approved?.body.discount).toEqual({ type: 'percent', value: '50' });
    expect(JSON.stringify(approved)).not.toContain('4826');
    expect(await sentBy()).toEqual([key]);
  });

  it('charged at full price: its discounts come off, the totals are the full ones, and it is sent', async () => {
    const key = '44444444-4444-4444-8444-444444444444';
    await queueOfflineSale({ key, shiftId: 3, user: cashier, queryClient: new QueryClient(), sale: fiftyPercentOff() });
    expect(await chargeHeldSaleFullPrice(db(), key)).toBe(true);
    const full = await kept(key);
    expect(full?.status).toBe('pending');
    expect(full?.body).toMatchObject({ subtotal: '40.00', tax: '0.00', total: '40.00', amountReceived: '40.00' });
    expect(full?.body).not.toHaveProperty('discount');
    expect(full?.body.items[0]).not.toHaveProperty('discount');
    expect(await sentBy()).toEqual([key]);
  });
});
