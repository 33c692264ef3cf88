import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { MeProvider } from '../../components/me';
import { ToastProvider } from '../../components/notice';
import { ShellNav } from '../../components/shell-nav';
import { serverMe } from '../../lib/server-api';

/**
 * Every signed-in page: asks the API who is signed in before rendering; signed out (401) goes to /sign-in and
 * comes back here after. Pages render inside <main id="main">, with useMe() and useToast() available.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const me = await serverMe();
  if (!me.ok && me.status === 401) {
    const here = (await headers()).get('x-console-path') ?? '/';
    redirect(`/sign-in?next=${encodeURIComponent(here)}`);
  }
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
            {children}
          </main>
        </div>
      </ToastProvider>
    </MeProvider>
  );
}
