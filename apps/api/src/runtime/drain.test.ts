import { describe, expect, it } from 'vitest';
import { drainMs, readEnv } from './config';

describe('SVC_DRAIN_MS', () => {
  it('is 0 unless told (nothing in front to drain from), and whole milliseconds up to two minutes when told', () => {
    expect(readEnv({} as NodeJS.ProcessEnv).drainMs).toBe(0);
    expect(readEnv({ SVC_DRAIN_MS: '3000' } as unknown as NodeJS.ProcessEnv).drainMs).toBe(3000);
    expect(drainMs('')).toBe(0);
    expect(drainMs('0')).toBe(0);
    expect(drainMs('120000')).toBe(120_000);
  });

  it('refuses at start what would be a mistake, naming the variable', () => {
    for (const bad of ['-1', '2.5', '5s', '120001']) {
      expect(() => drainMs(bad)).toThrow(/SVC_DRAIN_MS must be a whole number of milliseconds from 0 to 120000/);
    }
  });
});
