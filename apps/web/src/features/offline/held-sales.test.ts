import '@/test/fake-indexeddb';
import type { HoldSaleBody, SessionUser } from '@retail-hub/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { terminalDatabase } from './db';
import { keepHeldSaleOffline, offlineHeldSales, sendOfflineHeldSales, takeOfflineHeldSale } from './held-sales';

/**
 * Issue #35 item 3 (ADR 0032): a cart held while the server cannot be reached is kept in IndexedDB,
 * listed on this till, resumable here, and sent under its own id when the server answers.
 */
const cashier: SessionUser = { id: 'u-9', firstName: 'Ann', lastName: 'Till', email: null, role: 'cashier' };

function body(id: string, label: string, minute: number) {
  return {
    id,
    label,
    terminalId: null,
    heldAt: `2026-11-29T08:${String(minute).padStart(2, '0')}:00.000Z`,
    lines: [{ productId: '0190b6a0-0000-7000-8000-000000000001', quantity: 2, unitPrice: '4.50' }],
    discount: null,
  } satisfies HoldSaleBody & { id: string; heldAt: string };
}

describe('held sales kept offline', () => {
  it('are listed oldest first, resumed once, and sent: sent ones leave, a refusal stays with its message, no network stops', async () => {
    await keepHeldSaleOffline(body('00000000-0000-4000-8000-00000000000b', 'Table 9', 12), cashier);
    await keepHeldSaleOffline(body('00000000-0000-4000-8000-00000000000a', 'Sam', 5), cashier);
    await keepHeldSaleOffline(body('00000000-0000-4000-8000-00000000000c', 'Jo', 20), cashier);
    const listed = await offlineHeldSales();
    expect(listed.map((h) => [h.label, h.createdByName, h.offline])).toEqual([
      ['Sam', 'Ann Till', true],
      ['Table 9', 'Ann Till', true],
      ['Jo', 'Ann Till', true],
    ]);

    // Resumed on this till: taken once.
    expect((await takeOfflineHeldSale('00000000-0000-4000-8000-00000000000c'))?.body.label).toBe('Jo');
    expect(await takeOfflineHeldSale('00000000-0000-4000-8000-00000000000c')).toBeNull();

    // No shift open yet: put back, tried again later, never refused for that.
    const first: string[] = [];
    const none = await sendOfflineHeldSales(async (b) => {
      first.push(b.label);
      throw new ApiError(409, 'Conflict', { message: 'No open shift.', code: 'pos.shift_required' });
    }, cashier.id);
    expect([none, first]).toEqual([0, ['Sam']]);
    expect((await terminalDatabase()?.heldSales.toArray())?.map((r) => r.status)).toEqual(['pending', 'pending']);

    // Another person signed in at this till: Ann's carts wait for her.
    expect(await sendOfflineHeldSales(async () => {}, 'someone-else')).toBe(0);

    const sent: string[] = [];
    const count = await sendOfflineHeldSales(async (b) => {
      sent.push(b.label);
      // While it is on its way, it can't be resumed here (it will be on the server's list).
      expect(await takeOfflineHeldSale('00000000-0000-4000-8000-00000000000a')).toBeNull();
      if (b.label === 'Table 9') {
        throw new ApiError(409, 'Conflict', {
          message: 'A held sale with this id already exists.',
          code: 'pos.held_sale_id_taken',
        });
      }
    }, cashier.id);
    expect(sent).toEqual(['Sam', 'Table 9']);
    expect(count).toBe(1);
    const rows = await terminalDatabase()?.heldSales.toArray();
    expect(rows?.map((r) => [r.body.label, r.status, r.lastError])).toEqual([
      ['Table 9', 'refused', 'A held sale with this id already exists.'],
    ]);

    // Unreachable: nothing is marked, it is tried again later.
    await keepHeldSaleOffline(body('00000000-0000-4000-8000-00000000000d', 'Kim', 30), cashier);
    expect(
      await sendOfflineHeldSales(async () => {
        throw new TypeError('Failed to fetch');
      }, cashier.id),
    ).toBe(0);
    expect((await terminalDatabase()?.heldSales.get('00000000-0000-4000-8000-00000000000d'))?.status).toBe('pending');
  });
});
