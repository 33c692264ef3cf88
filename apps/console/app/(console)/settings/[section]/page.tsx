import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SECTIONS } from '../_parts/sections';
import { SettingsSection } from '../_parts/settings-section';

export async function generateMetadata({ params }: { params: Promise<{ section: string }> }): Promise<Metadata> {
  const { section } = await params;
  return { title: `${SECTIONS.find(([s]) => s === section)?.[1] ?? 'Settings'} · Settings` };
}

export default async function SectionPage({ params }: { params: Promise<{ section: string }> }) {
  const { section } = await params;
  const found = SECTIONS.find(([s]) => s === section);
  if (!found) notFound();
  return <SettingsSection section={found[0]} title={found[1]} />;
}
