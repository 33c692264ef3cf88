import { describe, expect, it } from 'vitest';
import { whenReady } from './when-ready';

describe('whenReady', () => {
  it('calls f at once on a value that is here, and answers what f answers', () => {
    let called = false;
    const answer = whenReady(2, (n) => {
      called = true;
      return n * 10;
    });
    expect(called).toBe(true);
    expect(answer).toBe(20);
  });

  it('calls f once the promise resolves, and passes a rejection on without calling it', async () => {
    const answer = whenReady(Promise.resolve(2), (n) => n * 10);
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toBe(20);
    let called = false;
    await expect(
      whenReady(Promise.reject(new Error('gone')), () => {
        called = true;
      }),
    ).rejects.toThrow('gone');
    expect(called).toBe(false);
  });
});
