import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Brand, Unavailable } from '../../lib/brand';
import { companyFor } from '../../lib/company';
import { apiUrls } from '../../lib/config';
import { HostedBooking } from './hosted-booking';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const company = await companyFor(one((await searchParams).company)).catch(() => null);
  return { title: company ? `Book a dumpster: ${company.name}` : 'Book a dumpster' };
}

/** /book?company=<slug>: the company's hosted booking page (spec: "Widget and hosted pages"). */
export default async function BookPage({ searchParams }: Props) {
  const params = await searchParams;
  const company = await companyFor(one(params.company));
  if (!company) notFound();
  const preview = one(params.preview) === '1';
  const key = company.publishable_key;
  return (
    <main className="page">
      <Brand company={company} subtitle="Book a dumpster online" />
      {key && (preview || (company.is_online && company.payments_ready)) ? (
        <HostedBooking company={{ ...company, publishable_key: key }} apiBaseUrl={apiUrls().public} preview={preview} />
      ) : (
        <Unavailable company={company} />
      )}
    </main>
  );
}
