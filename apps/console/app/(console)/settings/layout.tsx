import './settings.css';
import type { ReactNode } from 'react';
import { SECTIONS } from './_parts/sections';
import { Tabs } from './_parts/tabs';

/** Settings: one page per section of the company config, the sections as tabs. */
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <h1>Settings</h1>
      <Tabs label="Settings sections" items={SECTIONS.map(([slug, label]) => [`/settings/${slug}`, label] as const)} />
      {children}
    </>
  );
}
