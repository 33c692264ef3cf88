import type { Metadata } from 'next';
import type { ReactNode } from 'react';

/**
 * Every /rental/<token> answer, the booking and the "link not valid" page alike: the token in the address is
 * the booking's only credential, so the document sends no Referer with any request (as the Referrer-Policy
 * header of lib/security-headers.ts' RENTAL_HEADERS says), and no search engine keeps it.
 */
export const metadata: Metadata = {
  referrer: 'no-referrer',
  robots: { index: false, follow: false },
};

export default function RentalLayout({ children }: { children: ReactNode }) {
  return children;
}
