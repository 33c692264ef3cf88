'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect } from 'react';

/**
 * The address a change asked for and the router has not committed yet: a second change made before then
 * (a status chosen, then a date typed at once) builds on it, not on the address the page still shows, so
 * neither is lost. One for the page, whichever component asked.
 */
let pending: { pathname: string; query: string; at: number } | null = null;
/** A change not committed within this long was dropped (the visitor went back meanwhile): forget it. */
const PENDING_MS = 1000;

/**
 * A list's filters and page live in the address (?status=held&page=2): a reload, the back button and a link
 * sent to a colleague all show the same list. `set` changes some parameters (an empty value removes one) and
 * goes back to page 1 unless the page itself is what changed.
 */
export function useUrlParams() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  useEffect(() => {
    if (pending?.pathname === pathname && pending.query === params.toString()) pending = null;
  }, [params, pathname]);
  const set = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      const fresh = pending && pending.pathname === pathname && Date.now() - pending.at < PENDING_MS;
      const base = fresh && pending ? pending.query : params.toString();
      const next = new URLSearchParams(base);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in changes)) next.delete('page');
      const query = next.toString();
      pending = { pathname, query, at: Date.now() };
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [params, pathname, router],
  );
  return { params, set, page: Math.max(1, Number(params.get('page') ?? 1) || 1) };
}
