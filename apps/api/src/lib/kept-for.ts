/**
 * `read` shared by its callers: a call while one is on its way gets that one's answer, and the answer is kept
 * for `ms` after it settles; only then does the next call read again (`/readyz`'s checks, the backlog gauges
 * of a scrape).
 */
export function keptFor<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    kept ??= read().finally(() => {
      setTimeout(() => {
        kept = undefined;
      }, ms).unref();
    });
    return kept;
  };
}
