import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { apiUrls } from '../../../lib/config';
import { loadRental } from '../../../lib/rental';
import { rentalCss } from '../../../lib/rental-css';
import { JunkView } from './junk-view';
import { RentalView } from './rental-view';

/**
 * The customer's "My booking" page (/rental/<token>, the private link of the confirmation e-mail; no
 * sign-in): rendered here from the API's My booking surface on every request, then the client component's
 * small script handles the change forms, calling the API from the browser with the same token.
 */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Your booking',
  robots: { index: false, follow: false },
};

export default async function RentalPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const load = await loadRental(token, (await headers()).get('x-forwarded-for'));
  if (load.kind === 'not_found') notFound();
  if (load.kind !== 'ok') {
    return (
      <main className="rb">
        <style dangerouslySetInnerHTML={{ __html: rentalCss }} />
        <section aria-labelledby="msg">
          {load.kind === 'rate_limited' ? (
            <>
              <h1 id="msg">Please wait a moment</h1>
              <p>
                {load.message}{' '}
                {load.seconds ? `Reload this page in ${load.seconds} seconds.` : 'Reload this page in a minute or two.'}
              </p>
            </>
          ) : (
            <>
              <h1 id="msg">Your booking cannot be shown right now</h1>
              <p>We could not load your booking. Please reload this page in a minute.</p>
            </>
          )}
        </section>
      </main>
    );
  }
  return (
    <main className="rb">
      <style dangerouslySetInnerHTML={{ __html: rentalCss }} />
      {load.booking.service === 'junk' ? (
        <JunkView initial={load.booking} token={token} api={apiUrls().public} />
      ) : (
        <RentalView initial={load.booking} token={token} api={apiUrls().public} />
      )}
    </main>
  );
}
