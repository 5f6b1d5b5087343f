import { describe, expect, it } from 'vitest';
import { staleAfterText } from './format';

describe('the staleness threshold as /terminals states it (TERMINAL_STALE_MINUTES)', () => {
  it('reads in minutes, or in seconds under a minute', () => {
    expect(staleAfterText(5)).toBe('5 minutes');
    expect(staleAfterText(1)).toBe('1 minute');
    expect(staleAfterText(2.5)).toBe('2.5 minutes');
    expect(staleAfterText(0.05)).toBe('3 seconds');
    expect(staleAfterText(0.01)).toBe('1 second');
  });
});
