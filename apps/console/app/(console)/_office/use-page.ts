'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiError, CONSOLE_BASE, goToSignIn, type Query, queryString } from '../../../lib/api';
import type { Page } from './types';

/**
 * A page of a console list ({ data, page, per_page, has_more }) in a client component. useApi hands back the
 * `data` of an answer, which for a list is its rows only; a list's page needs has_more too.
 */
export function usePage<T>(path: string, query: Query) {
  const [state, setState] = useState<{ page?: Page<T>; error?: ApiError; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  const key = `${path}${queryString(query)}`;
  const url = useRef(key);
  url.current = key;
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    fetch(`${CONSOLE_BASE}${url.current}`, { credentials: 'same-origin', signal: controller.signal })
      .then(async (res) => {
        const body = await res.json().catch(() => null);
        if (res.status === 401) return goToSignIn();
        if (res.ok) return setState({ page: body as Page<T>, loading: false });
        setState({
          loading: false,
          error: body?.error ?? { code: 'internal', message: `The server answered ${res.status}. Try again.` },
        });
      })
      .catch((e: Error) => {
        if (e.name !== 'AbortError') {
          setState({
            loading: false,
            error: { code: 'network', message: 'We could not reach the server. Try again.' },
          });
        }
      });
    return () => controller.abort();
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}
