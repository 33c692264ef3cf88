/**
 * `f` of a value that may still be on its way: called at once when the value is here (a cache hit, a count in
 * memory), through its promise when it is not. On a request's path what is in memory then costs no turn of
 * the microtask queue (docs/decisions.md, "What a request waits for").
 */
export function whenReady<V, R>(value: V, f: (value: Awaited<V>) => R): R | Promise<Awaited<R>> {
  return value instanceof Promise ? (value.then(f) as Promise<Awaited<R>>) : f(value as Awaited<V>);
}
