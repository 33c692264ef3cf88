'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** A row of links between the pages of an area, the current one marked for screen readers and styles. */
export function Tabs({ label, items }: { label: string; items: readonly (readonly [string, string])[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="tabs">
      <ul>
        {items.map(([href, text]) => (
          <li key={href}>
            <Link href={href} aria-current={pathname.startsWith(href) ? 'page' : undefined}>
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
