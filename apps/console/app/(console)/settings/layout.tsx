import './settings.css';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { SECTIONS } from './_parts/sections';

/** Settings: one page per section of the company config, the sections as tabs. */
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <h1>Settings</h1>
      <nav aria-label="Settings sections" className="tabs">
        <ul>
          {SECTIONS.map(([slug, label]) => (
            <li key={slug}>
              <Link href={`/settings/${slug}`}>{label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </>
  );
}
