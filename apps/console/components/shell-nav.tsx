'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { api, call } from '../lib/api';
import { COUNTS_CHANGED } from '../lib/counts';
import { routeCache } from '../lib/field-store';
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
  { href: '/field-charges', label: 'Field charges' },
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
 * The console's navigation: a driver's (their route only), or the office's: the areas (Developers for owners
 * only), the counts of what waits (shown when the API answers them, nothing otherwise; asked again every
 * minute, when the tab comes back and when a page calls `countsChanged()` from lib/counts.ts), who is signed
 * in and a sign-out button.
 */
export function ShellNav() {
  return useMe().role === 'driver' ? <DriverNav /> : <OfficeNav />;
}

/**
 * A driver's shell: the company, their route, their name and Sign out; nothing of the office's (the API
 * refuses a driver everything but the route, 403). The layout sends a driver's page load to /route; this
 * does the same for a move inside the app (signing in lands on / or on the page asked for).
 */
function DriverNav() {
  const me = useMe();
  const pathname = usePathname();
  const onRoute = pathname === '/route' || pathname.startsWith('/route/');
  // A page load, not the router's move: the route page is loaded whole (see app/(console)/layout.tsx).
  useEffect(() => {
    if (!onRoute) window.location.replace('/route');
  }, [onRoute]);
  // Signing out takes the saved routes (customers' names and addresses) off the phone; what waits to be
  // sent stays, for this driver's next sign-in.
  const forget = () => routeCache(localStorage, `${me.company.slug}/${me.email}`).forget();
  return (
    <nav className="shell-nav driver-nav" aria-label="Console">
      <span className="brand">{me.company.name}</span>
      <ul>
        <li>
          <Link href="/route" prefetch={false} className="nav-link" aria-current={onRoute ? 'page' : undefined}>
            Route
          </Link>
        </li>
      </ul>
      <div className="shell-user">
        <span className="who">
          {me.name} <span className="role">(driver)</span>
        </span>
        <SignOutButton before={forget} />
      </div>
    </nav>
  );
}

function OfficeNav() {
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
function SignOutButton({ before }: { before?: () => void }) {
  const running = useRef(false);
  async function signOut() {
    if (running.current) return;
    running.current = true;
    before?.();
    await call(api.DELETE('/session'));
    window.location.assign('/sign-in');
  }
  return (
    <button type="button" className="btn" onClick={signOut}>
      Sign out
    </button>
  );
}
