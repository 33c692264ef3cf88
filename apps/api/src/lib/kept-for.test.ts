import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptFor } from './kept-for';

afterEach(() => vi.useRealTimers());

describe('keptFor', () => {
  it('shares a read on its way and keeps its answer for the time given after it settles, then reads again', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const read = keptFor(1_000, async () => ++reads);
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    await vi.advanceTimersByTimeAsync(999);
    expect(await read()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await read()).toBe(2);
    expect(reads).toBe(2);
  });
});
