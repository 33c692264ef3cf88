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

  it('keeps the keys of the last two windows at most: older ones are dropped whole', () => {
    let at = 0;
    const limiter = memoryWindows(1, 60, () => at);
    for (let i = 0; i < 1000; i++) limiter.hit(`visitor ${i}`);
    at += 30_000;
    limiter.hit('half a minute on');
    expect(limiter.size()).toBe(1001);
    at += 31_000;
    // A window's length has passed: those maps are the previous ones, 'half a minute on' still open in it.
    expect(limiter.hit('half a minute on')).toBe(29);
    expect(limiter.hit('visitor 1')).toBe(0); // its window ended: a new one, counted from 1
    expect(limiter.size()).toBe(1002);
    at += 60_000;
    limiter.hit('two minutes on');
    expect(limiter.size()).toBe(2); // the first minute's keys are gone; visitor 1's new window is kept
    expect(limiter.hit('visitor 1')).toBe(0); // its window (opened at 61 s) ended at 121 s
    at += 120_000;
    limiter.hit('later');
    expect(limiter.size()).toBe(1);
  });
});
