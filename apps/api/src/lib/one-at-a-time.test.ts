import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time';

describe('oneAtATime', () => {
  it('runs once per call while idle, and once more after a run however many calls came during it', async () => {
    const started: number[] = [];
    const ends: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const run = oneAtATime(async () => {
      running++;
      most = Math.max(most, running);
      started.push(started.length);
      await new Promise<void>((resolve) => ends.push(resolve));
      running--;
    });
    run();
    expect(started).toHaveLength(1);
    run();
    run();
    run();
    expect(started).toHaveLength(1); // asked for again: once, after this run
    ends.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toHaveLength(2);
    ends.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toHaveLength(2); // nothing asked during the second run
    expect(most).toBe(1);
  });

  it('a failed run does not stop the next', async () => {
    let calls = 0;
    const run = oneAtATime(async () => {
      calls++;
      if (calls === 1) throw new Error('no');
    });
    run();
    await new Promise((r) => setTimeout(r, 0));
    run();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(2);
  });

  it('idle() waits for the run in flight and the one asked for during it', async () => {
    const ends: (() => void)[] = [];
    let finished = 0;
    const run = oneAtATime(async () => {
      await new Promise<void>((resolve) => ends.push(resolve));
      finished++;
    });
    run();
    run();
    let idle = false;
    const waiting = run.idle().then(() => {
      idle = true;
    });
    ends.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
    expect([finished, idle]).toEqual([1, false]);
    ends.shift()?.();
    await waiting;
    expect(finished).toBe(2);
  });
});
