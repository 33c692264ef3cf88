import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './console.css';

export const metadata: Metadata = {
  title: { default: 'Console', template: '%s · Console' },
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

// Rendered per request, never prerendered: each page's scripts carry that request's CSP nonce (proxy.ts).
export const dynamic = 'force-dynamic';

/** Every page of the console: the language, a skip link to the page's <main id="main">, our stylesheet. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
      </body>
    </html>
  );
}
