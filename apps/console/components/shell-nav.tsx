'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { api, call } from '../lib/api';
import { COUNTS_CHANGED } from '../lib/counts';
import type { NavCounts } from '../lib/types';
import { useApi } from '../lib/use-api';
import { useMe } from './me';

type Item = { href: string; label: string; count?: keyof NavCounts; ownerOnly?: boolean };

const ITEMS: Item[] = [
  { href: '/', label: 'Home' },
  { href: '/needs-action', label: 'Needs action', count: 'needs_action' },
  { href: '/orders', label: 'Orders' },
  { href: '/jobs', label: 'Junk jobs' },
  { href: '/dispatch', label: 'Dispatch' },
  { href: '/fleet', label: 'Fleet' },
  { href: '/leads', label: 'Leads', count: 'new_leads' },
  { href: '/customers', label: 'Customers' },
  { href: '/estimates', label: 'Estimates' },
  { href: '/settings', label: 'Settings' },
  { href: '/team', label: 'Team', ownerOnly: true },
  { href: '/developers', label: 'Developers', ownerOnly: true },
];

/** How often the counts are asked again while the console is open (and whenever the tab comes back). */
const COUNTS_EVERY_MS = 60_000;

/**
 * The console's navigation: the areas (Developers for owners only), the counts of what waits (shown when the
 * API answers them, nothing otherwise; asked again every minute, when the tab comes back and when a page
 * calls `countsChanged()` from lib/counts.ts), who is signed in and a sign-out button.
 */
export function ShellNav() {
  const me = useMe();
  const pathname = usePathname();
  const counts = useApi((signal) => api.GET('/needs-action/counts', { signal }), []);
  const { reload } = counts;
  useEffect(() => {
    const timer = setInterval(reload, COUNTS_EVERY_MS);
    const onFocus = () => document.visibilityState === 'visible' && reload();
    document.addEventListener('visibilitychange', onFocus);
    window.addEventListener(COUNTS_CHANGED, reload);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onFocus);
      window.removeEventListener(COUNTS_CHANGED, reload);
    };
  }, [reload]);

  return (
    <nav className="shell-nav" aria-label="Console">
      <Link href="/" className="brand">
        {me.company.name}
      </Link>
      <ul>
        {ITEMS.filter((i) => !i.ownerOnly || me.isOwner).map((item) => {
          const current = pathname === item.href || (item.href !== '/' && pathname.startsWith(`${item.href}/`));
          const count = item.count ? counts.data?.[item.count] : undefined;
          return (
            <li key={item.href}>
              <Link href={item.href} className="nav-link" aria-current={current ? 'page' : undefined}>
                <span>{item.label}</span>
                {count ? (
                  <span className="count" data-testid={`count-${item.count}`}>
                    <span aria-hidden="true">{count}</span>
                    <span className="visually-hidden"> ({count} waiting)</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="shell-user">
        <Link href="/account" className="who" aria-current={pathname === '/account' ? 'page' : undefined}>
          {me.name} <span className="role">({me.role === 'owner' ? 'owner' : 'staff'})</span>
        </Link>
        <SignOutButton />
      </div>
    </nav>
  );
}

/** Ends the session on the server, then leaves for the sign-in page whatever the answer (the cookie is gone). */
function SignOutButton() {
  const running = useRef(false);
  async function signOut() {
    if (running.current) return;
    running.current = true;
    await call(api.DELETE('/session'));
    window.location.assign('/sign-in');
  }
  return (
    <button type="button" className="btn" onClick={signOut}>
      Sign out
    </button>
  );
}
