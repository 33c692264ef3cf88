import type { ReactNode } from 'react';

/** Signed-out pages: one card in the middle of the screen. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="auth">
      <div className="auth-card">
        <p className="brand">svc console</p>
        {children}
      </div>
    </main>
  );
}
