import { notFound } from 'next/navigation';
import { Brand } from '../../../lib/brand';
import { companyFor } from '../../../lib/company';

/** /junk-checkout/<slug>: junk removal booking is not built yet; the page says so instead of failing. */
export default async function JunkCheckout({ params }: { params: Promise<{ slug: string }> }) {
  const company = await companyFor((await params).slug);
  if (!company) notFound();
  return (
    <main className="page">
      <Brand company={company} subtitle="Junk removal" />
      <section className="message" aria-labelledby="soon">
        <h1 id="soon">Online junk removal booking is coming soon</h1>
        <p>{company.name} will take junk removal bookings here shortly. Until then, please contact them directly.</p>
      </section>
    </main>
  );
}
