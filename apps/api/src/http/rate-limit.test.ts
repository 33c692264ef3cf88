import { describe, expect, it } from 'vitest';
import { memoryWindows } from './rate-limit';

describe('memoryWindows', () => {
  it('allows `points` a window per key, then answers the seconds left of it; a new window starts afresh', () => {
    let at = 1_000_000;
    const limiter = memoryWindows(3, 60, () => at);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([0, 0, 0]);
    at += 20_500;
    expect(limiter.hit('a')).toBe(40); // 39.5 s left, rounded up
    expect(limiter.hit('b')).toBe(0);
    at += 39_499;
    expect(limiter.hit('a')).toBe(1); // never less than a second
    at += 1;
    expect(limiter.hit('a')).toBe(0);
  });

  it('drops the windows that ended, so the keys of past minutes are not kept', () => {
    let at = 0;
    const limiter = memoryWindows(1, 60, () => at);
    for (let i = 0; i < 1000; i++) limiter.hit(`visitor ${i}`);
    at += 30_000;
    limiter.hit('half a minute on');
    expect(limiter.size()).toBe(1001);
    at += 31_000;
    limiter.hit('late');
    expect(limiter.size()).toBe(2); // 'half a minute on' is still open
    expect(limiter.hit('visitor 1')).toBe(0); // counted from 1 again
    expect(limiter.hit('visitor 1')).toBe(60);
  });
});
