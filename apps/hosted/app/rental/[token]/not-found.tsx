import { rentalCss } from '../../../lib/rental-css';

/**
 * A wrong, revoked or expired booking link (the API answers 404 for all three, never saying which): HTTP 404
 * and how to reach the company. The company is not known from a wrong token, so: the confirmation e-mail.
 */
export default function RentalLinkNotValid() {
  return (
    <main className="rb">
      <style dangerouslySetInnerHTML={{ __html: rentalCss }} />
      <section aria-labelledby="nv">
        <h1 id="nv">This booking link is not valid</h1>
        <p>The link may be mistyped, it may have been replaced by a newer link, or it may have expired.</p>
        <p>
          Open the link from your latest e-mail or text from the company. If it still does not work, call the company at
          the phone number in your booking confirmation e-mail: they can see your booking and send you a new link.
        </p>
      </section>
    </main>
  );
}
