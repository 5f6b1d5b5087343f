import { describe, expect, it } from 'vitest';
import { activityLabel, environmentLabel, formatUptime } from './format';

describe('developer dashboard formats', () => {
  it('uptime reads in the largest units that matter', () => {
    expect(formatUptime(45)).toBe('45s');
    expect(formatUptime(12 * 60 + 5)).toBe('12m');
    expect(formatUptime(4 * 3600 + 12 * 60)).toBe('4h 12m');
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 12 * 60)).toBe('3d 4h 12m');
  });

  it('activity types and environments read as words', () => {
    expect(activityLabel('login_failed')).toBe('Login failed');
    expect(activityLabel('role_changed')).toBe('Role changed');
    expect(activityLabel('pin_changed')).toBe('PIN changed');
    expect(environmentLabel('development')).toBe('Development');
  });
});
