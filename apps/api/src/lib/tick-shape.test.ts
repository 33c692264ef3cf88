import { describe, expect, it } from 'vitest';
import { keepTickShape, tickShapeKept } from './tick-shape';

describe('keepTickShape', () => {
  it("holds one of process.nextTick's queue entries, caught through an async hook, and only once", async () => {
    expect(tickShapeKept()).toBe(false);
    await keepTickShape();
    // Node hands the entry to the hook as a TickObject: were that to change, nothing would be held.
    expect(tickShapeKept()).toBe(true);
    await keepTickShape();
    expect(tickShapeKept()).toBe(true);
    // The hook is off again: ticks run as before.
    await new Promise<void>((resolve) => process.nextTick(resolve));
  });
});
