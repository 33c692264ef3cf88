import type { RentalBooking } from '@svc/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { money } from '../../../lib/rental-format';
import type { RentalCharge } from './charge-format';
import { ChargeReceipt } from './charge-receipt';
import { chargesApi } from './charges-api';
import { chargesCss } from './charges-css';

type Props = {
  booking: RentalBooking;
  api: string;
  token: string;
  /** The page's script runs (the buttons work). */
  local: boolean;
  /** Reads the booking again after a charge was paid. */
  onRefresh(): Promise<unknown>;
};

/**
 * "Charges after your rental" (`#charges`, where the notice e-mail's link can point): what the field added
 * after the booking, an overage from the landfill's scale or a wasted trip, each itemized with where it
 * stands; an owed one is paid here. Shown only when the booking has one.
 */
export function ChargesSection({ booking, api, token, local, onRefresh }: Props) {
  const [paid, setPaid] = useState<Record<string, RentalCharge>>({});
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const charges = (booking.charges ?? []).map((c) => paid[c.id] ?? c);

  const onPaid = useCallback(
    async (charge: RentalCharge) => {
      setPaid((all) => ({ ...all, [charge.id]: charge }));
      setMessage({ text: `Paid: ${money(charge.gross_total, charge.currency)}. Thank you.` });
      await onRefresh();
    },
    [onRefresh],
  );

  // Back from the bank's 3-D Secure page: ?charge=<id>&payment_intent=…&redirect_status=succeeded|failed.
  useEffect(() => {
    const url = new URL(window.location.href);
    const chargeId = url.searchParams.get('charge');
    const status = url.searchParams.get('redirect_status');
    if (window.location.hash === '#charges') heading.current?.focus({ preventScroll: true });
    if (!chargeId || !status) return;
    window.history.replaceState(null, '', `${url.pathname}#charges`);
    heading.current?.focus();
    if (status !== 'succeeded') {
      setMessage({ text: 'Your bank did not confirm the payment, so it is still owed. Try again below.', error: true });
      return;
    }
    void chargesApi.confirm(api, token, chargeId).then(async (done) => {
      if (done.ok && (done.data.charge.status === 'paid' || done.data.charge.status === 'charged'))
        return onPaid(done.data.charge);
      setMessage({
        text: done.ok ? 'The payment did not go through. Try another card below.' : done.error.message,
        error: true,
      });
      await onRefresh();
    });
  }, [api, token, onPaid, onRefresh]);

  if (charges.length === 0) return null;
  const company = booking.company.name;
  return (
    <section id="charges" aria-labelledby="rb-charges" className="rb-charges">
      <style dangerouslySetInnerHTML={{ __html: chargesCss }} />
      <h2 id="rb-charges" ref={heading} tabIndex={-1}>
        Charges after your rental
      </h2>
      <p className="hint lead">
        What {company} added after the booking: weight over what your rental includes, from the landfill's weigh ticket,
        or a trip the driver could not complete. Questions? Contact {company} (below).
      </p>
      <div role="status" aria-live="polite" className="card-slot">
        {message ? (
          <p className={message.error ? 'error' : 'ok'} data-testid="charges-notice">
            {message.text}
          </p>
        ) : null}
      </div>
      {charges.map((charge) => (
        <ChargeReceipt
          key={charge.id}
          charge={charge}
          booking={booking}
          api={api}
          token={token}
          local={local}
          onPaid={onPaid}
        />
      ))}
    </section>
  );
}
