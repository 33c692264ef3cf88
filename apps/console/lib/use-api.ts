import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiError, type ApiResult, call, callPage, type DataOf, type Sent } from './api';

export type Loaded<T> = {
  data?: T;
  error?: ApiError;
  loading: boolean;
  /** Load again (after an action changed what the page shows). */
  reload: () => void;
};

/** A GET of the typed client, handed the signal that drops it when a newer one starts. */
export type Get<D> = (signal: AbortSignal) => Sent<D>;

/**
 * GET in a client component: `useApi((signal) => api.GET('/orders/{order_number}', { params, signal }), [number])`.
 * Loads on mount and whenever `deps` change (keep what the request is built from in them, e.g. the URL's
 * search params, so filters survive a reload), drops answers that arrive out of order; a signed-out user goes
 * to /sign-in (lib/api.ts). `data` is the answer's `data`; for a list use usePage.
 */
export function useApi<D>(get: Get<D>, deps: readonly unknown[]): Loaded<DataOf<D>> {
  return useGet((signal) => call(get(signal)), deps);
}

/**
 * A page of a console list in a client component: `data` is the whole answer `{ data, page, per_page,
 * has_more }`, so the table can offer Next.
 */
export function usePage<D>(get: Get<D>, deps: readonly unknown[]): Loaded<D> {
  return useGet((signal) => callPage(get(signal)), deps);
}

function useGet<T>(load: (signal: AbortSignal) => Promise<ApiResult<T>>, deps: readonly unknown[]): Loaded<T> {
  // `loadedFor`: the deps the shown answer was loaded for.
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean; loadedFor?: string }>({
    loading: true,
  });
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(deps);
  const loadRef = useRef(load);
  loadRef.current = load;
  // `key` stands for what the request is built from (the function is new on every render); `tick` reloads.
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    loadRef
      .current(controller.signal)
      .then((result) => {
        if (result.ok) setState({ data: result.data, loading: false, loadedFor: key });
        // A 401 is already on its way to the sign-in page (lib/api.ts): no error flashes meanwhile.
        else if (result.status !== 401) setState({ error: result.error, loading: false, loadedFor: key });
      })
      .catch(() => undefined); // aborted: a newer request is on its way
    return () => controller.abort();
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const { loadedFor, ...shown } = state;
  // In the render where the deps change (a filter), before the effect starts the request, the answer shown
  // is the previous deps': loading already, so a table never shows it as the new one's, not for a frame.
  return { ...shown, loading: shown.loading || loadedFor !== key, reload };
}
