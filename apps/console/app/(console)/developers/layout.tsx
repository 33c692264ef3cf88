import '../settings/settings.css';
import Link from 'next/link';
import type { ReactNode } from 'react';

/**
 * Developers: keys, Data API access, webhooks. For owners; the navigation hides it from staff, and the API
 * refuses them (403) whatever the page shows: a staff member who opens the address reads the API's sentence.
 */
export default function DevelopersLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <h1>Developers</h1>
      <nav aria-label="Developer tools" className="tabs">
        <ul>
          <li>
            <Link href="/developers/keys">Keys</Link>
          </li>
          <li>
            <Link href="/developers/data-api">Data API</Link>
          </li>
          <li>
            <Link href="/developers/webhooks">Webhooks</Link>
          </li>
        </ul>
      </nav>
      {children}
    </>
  );
}
