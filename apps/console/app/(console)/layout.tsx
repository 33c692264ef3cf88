import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { MeProvider } from '../../components/me';
import { ToastProvider } from '../../components/notice';
import { ShellNav } from '../../components/shell-nav';
import { serverMe } from '../../lib/server-api';

/** A driver's console is its route (the API refuses a driver everything else). */
const onDriverPage = (path: string) => /^\/route(?:[/?#]|$)/.test(path);

/**
 * Every signed-in page: asks the API who is signed in before rendering; signed out (401) goes to /sign-in and
 * comes back here after; a driver is sent to their route from any other page. Pages render inside
 * <main id="main">, with useMe() and useToast() available.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const me = await serverMe();
  const request = await headers();
  // The page's address (proxy.ts); a router's prefetch has none.
  const here = request.get('x-console-path');
  if (!me.ok && me.status === 401) {
    redirect(`/sign-in?next=${encodeURIComponent(here ?? '/')}`);
  }
  // A driver elsewhere: a page load is redirected; the router's move (sign-in's to / or to the page asked
  // for) renders no page, and the driver's navigation loads /route whole (a redirect thrown here during that
  // move left the router asking for /route again and again).
  const driverElsewhere = me.ok && me.data.role === 'driver' && here !== null && !onDriverPage(here);
  if (driverElsewhere && request.get('sec-fetch-dest') === 'document') redirect('/route');
  if (!me.ok) {
    return (
      <main id="main" className="auth">
        <div className="auth-card">
          <h1>The console is unavailable</h1>
          <p className="notice tone-danger" role="alert">
            {me.error.message}
          </p>
        </div>
      </main>
    );
  }
  return (
    <MeProvider me={me.data}>
      <ToastProvider>
        <div className="shell">
          <ShellNav />
          <main id="main" className="shell-main" tabIndex={-1}>
            {driverElsewhere ? <p className="muted">Opening your route…</p> : children}
          </main>
        </div>
      </ToastProvider>
    </MeProvider>
  );
}
