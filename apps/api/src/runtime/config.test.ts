import { describe, expect, it } from 'vitest';
import { poolMax, readEnv } from './config';

const env = (vars: Record<string, string>) => readEnv(vars as NodeJS.ProcessEnv);

describe('DATABASE_POOL_MAX', () => {
  it('is 10 unless told, and a whole number from 1 to 100 when told', () => {
    expect(env({}).databasePoolMax).toBe(10);
    expect(env({ DATABASE_POOL_MAX: '' }).databasePoolMax).toBe(10);
    expect(env({ DATABASE_POOL_MAX: '4' }).databasePoolMax).toBe(4);
    expect(poolMax('1')).toBe(1);
    expect(poolMax('100')).toBe(100);
  });

  it('refuses at start what would be a mistake, naming the variable', () => {
    for (const bad of ['0', '-2', '2.5', 'ten', '101']) {
      expect(() => poolMax(bad)).toThrow(/DATABASE_POOL_MAX must be a whole number from 1 to 100/);
    }
  });
});
