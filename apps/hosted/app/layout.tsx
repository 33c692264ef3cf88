import { pageCss } from '@svc/booking-ui/page-css';
import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';

export const metadata: Metadata = {
  title: 'Book online',
  robots: { index: false },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

/** The App Router's pages (the 404): the booking pages' stylesheet, one source for both. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        {/* As markup: a style element does not decode the entities a renderer writes for text. */}
        <style dangerouslySetInnerHTML={{ __html: pageCss }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
