import { afterEach, describe, expect, it } from 'vitest';
import { isSellingTerminal, markSellingTerminal } from '@/lib/offline-bridge';
import { shouldReport } from './start';

describe("the manager's terminal list (issue #19)", () => {
  afterEach(() => localStorage.clear());

  it('a browser that never opened the terminal and holds no unsynced sale does not report', () => {
    expect(isSellingTerminal()).toBe(false);
    expect(shouldReport({ pending: 0, refused: 0 }, isSellingTerminal())).toBe(false);
  });

  it('once the terminal has been opened, the browser reports on every beat, kept across reloads', () => {
    markSellingTerminal();
    expect(isSellingTerminal()).toBe(true);
    expect(localStorage.getItem('retail-hub.terminal')).toBe('1');
    expect(shouldReport({ pending: 0, refused: 0 }, isSellingTerminal())).toBe(true);
  });

  it('a browser holding unsynced or refused sales always reports, terminal or not', () => {
    expect(shouldReport({ pending: 2, refused: 0 }, false)).toBe(true);
    expect(shouldReport({ pending: 0, refused: 1 }, false)).toBe(true);
  });
});
