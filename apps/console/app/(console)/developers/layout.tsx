import '../settings/settings.css';
import type { ReactNode } from 'react';
import { Tabs } from '../settings/_parts/tabs';

const PAGES = [
  ['/developers/keys', 'Keys'],
  ['/developers/data-api', 'Data API'],
  ['/developers/webhooks', 'Webhooks'],
] as const;

/**
 * Developers: keys, Data API access, webhooks. For owners; the navigation hides it from staff, and the API
 * refuses them (403) whatever the page shows: a staff member who opens the address reads the API's sentence.
 */
export default function DevelopersLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <h1>Developers</h1>
      <Tabs label="Developer tools" items={PAGES} />
      {children}
    </>
  );
}
