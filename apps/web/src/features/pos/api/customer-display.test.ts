import { type CustomerDisplayState, idleDisplayState } from '@retail-hub/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockServer } from '@/test/server';
import { displaySender } from './customer-display';

const TILL = '0b6f4a9e-2c1d-4e5f-8a7b-9c0d1e2f3a4b';
const state = (total: string): CustomerDisplayState => ({ ...idleDisplayState(null), phase: 'sale', total });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the till's display sender (issue #36 item 4)", () => {
  it('sends a burst as one request, one at a time, and the newest state last (never an older one after it)', async () => {
    const sent: string[] = [];
    const gate: { release: () => void } = { release: () => {} };
    mockServer({
      [`PUT /api/terminals/${TILL}/display/state`]: async ({ init }) => {
        sent.push(JSON.parse(String(init?.body)).total);
        // The first request is slow: the states typed meanwhile wait, and only the newest goes.
        if (sent.length === 1)
          await new Promise<void>((resolve) => {
            gate.release = resolve;
          });
        return new Response(null, { status: 204 });
      },
    });
    const sender = displaySender(TILL, 10);
    sender.send(state('1.00'));
    sender.send(state('2.00'));
    await vi.waitFor(() => expect(sent).toEqual(['2.00']));
    sender.send(state('3.00'));
    sender.send(state('4.00'));
    sender.send(state('5.00'));
    await new Promise((r) => setTimeout(r, 30));
    expect(sent).toEqual(['2.00']);
    gate.release();
    await vi.waitFor(() => expect(sent).toEqual(['2.00', '5.00']));
  });

  it('a refused send does not stop the next one', async () => {
    const sent: string[] = [];
    mockServer({
      [`PUT /api/terminals/${TILL}/display/state`]: ({ init }) => {
        sent.push(JSON.parse(String(init?.body)).total);
        return sent.length === 1 ? json(503, { message: 'Unavailable' }) : new Response(null, { status: 204 });
      },
    });
    const sender = displaySender(TILL, 0);
    sender.send(state('1.00'));
    await vi.waitFor(() => expect(sent).toEqual(['1.00']));
    sender.send(state('2.00'));
    await vi.waitFor(() => expect(sent).toEqual(['1.00', '2.00']));
  });
});
