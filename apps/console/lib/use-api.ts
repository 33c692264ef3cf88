import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiError, consoleFetch, type Query, queryString } from './api';
import type { Page } from './types';

export type Loaded<T> = {
  data?: T;
  error?: ApiError;
  loading: boolean;
  /** Load again (after an action changed what the page shows). */
  reload: () => void;
};

/**
 * GET in a client component: loads on mount and whenever `path` or `query` change (keep `query` built from
 * the URL's search params so filters survive a reload), drops answers that arrive out of order; a signed-out
 * user goes to /sign-in (consoleFetch does it). `data` is the answer's `data`; for a list use usePage.
 */
export function useApi<T>(path: string | null, query?: Query): Loaded<T> {
  return useGet<T>(path, query, false);
}

/**
 * A page of a console list in a client component: `data` is the whole answer `{ data, page, per_page,
 * has_more }`, so the table can offer Next.
 */
export function usePage<T>(path: string | null, query?: Query): Loaded<Page<T>> {
  return useGet<Page<T>>(path, query, true);
}

function useGet<T>(path: string | null, query: Query | undefined, envelope: boolean): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: path !== null });
  const [tick, setTick] = useState(0);
  const key = `${path}${queryString(query)}`;
  const queryRef = useRef(query);
  queryRef.current = query;
  // `key` stands for path and query (the query object is new on every render); `tick` reloads.
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    consoleFetch<T>('GET', path, { query: queryRef.current, signal: controller.signal, envelope })
      .then((result) => {
        if (result.ok) setState({ data: result.data, loading: false });
        // A 401 is already on its way to the sign-in page (lib/api.ts): no error flashes meanwhile.
        else if (result.status !== 401) setState({ error: result.error, loading: false });
      })
      .catch(() => undefined); // aborted: a newer request is on its way
    return () => controller.abort();
  }, [key, tick, envelope]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}
