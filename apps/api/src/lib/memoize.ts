/** Memoizes a one-argument function, forgetting everything once it holds `max` entries (a bounded cache). */
export function memoize<A, R>(fn: (arg: A) => R, max: number): (arg: A) => R {
  const cache = new Map<A, R>();
  return (arg) => {
    const hit = cache.get(arg);
    if (hit !== undefined) return hit;
    if (cache.size >= max) cache.clear();
    const value = fn(arg);
    cache.set(arg, value);
    return value;
  };
}
