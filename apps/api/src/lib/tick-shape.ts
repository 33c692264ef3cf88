import { createHook } from 'node:async_hooks';

let kept: object | undefined;

/**
 * Keeps one of the objects `process.nextTick` queues alive for the life of the process, so that V8 keeps
 * their shape (docs/decisions.md, "The nextTick shape").
 *
 * Node's streams and HTTP server call `process.nextTick` several times for every request, and each call
 * builds its queue entry from one object literal, which V8 keeps fast while it has seen one chain of shapes.
 * No entry outlives its tick; in a process that opened PGlite with pg_trgm, V8 made the chain a second time,
 * and from then on built every entry in its runtime instead of in optimized code: about 8 µs more on each
 * request of the standalone server, measured with perf. Holding one entry keeps the first chain.
 *
 * The entry is caught through an async hook (its `init` receives it as the resource), enabled for one tick
 * and then disabled. Idempotent; costs one small object.
 */
export async function keepTickShape(): Promise<void> {
  if (kept) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') kept ??= resource as object;
    },
  });
  hook.enable();
  try {
    await new Promise<void>((resolve) => process.nextTick(resolve));
  } finally {
    hook.disable();
  }
}

/** Whether the shape is held (for the test). */
export function tickShapeKept(): boolean {
  return kept !== undefined;
}
