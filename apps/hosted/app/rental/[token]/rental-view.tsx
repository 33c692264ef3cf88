'use client';

import type { RentalBooking, RentalChange } from '@svc/sdk';
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { rentalApi } from '../../../lib/rental-api';
import { type ChangeKind, day } from '../../../lib/rental-format';
import { BookingDetails, BookingStatus } from './booking-summary';
import type { ChangeFormProps } from './change-form';
import { ChangeHistory } from './change-history';
import { ChargesSection } from './charges-section';
import { EndEarlyForm } from './end-early-form';
import { ExtendForm } from './extend-form';
import { MoveDeliveryForm } from './move-delivery-form';
import { PageFrame, useBooking, useNotice } from './page-frame';
import { PaymentPanel } from './payment-panel';
import { SwapForm } from './swap-form';

type Props = { initial: RentalBooking; token: string; api: string };

const FORMS: Record<ChangeKind, ComponentType<ChangeFormProps>> = {
  extend: ExtendForm,
  end_early: EndEarlyForm,
  move_delivery: MoveDeliveryForm,
  swap: SwapForm,
};

/**
 * The booking as the customer sees it, and the forms for the changes the API allows now. Rendered on the
 * server with the booking it read; in the browser it calls the API (/rental/v1) with the link's token.
 */
export function RentalView({ initial, token, api }: Props) {
  const { booking, refresh } = useBooking(initial, api, token);
  const [local, setLocal] = useState(false);
  const notice = useNotice();
  const { announce } = notice;
  const [payment, setPayment] = useState<RentalChange | null>(
    () => initial.changes.find((c) => c.status === 'requires_payment' && c.client_secret) ?? null,
  );

  const applied = useCallback(
    async (change: RentalChange) => {
      setPayment(null);
      await refresh();
      announce(successText(change));
    },
    [refresh, announce],
  );

  // Back from the bank's 3-D Secure page: ?change=<id>&payment_intent=…&redirect_status=succeeded|failed.
  useEffect(() => {
    setLocal(true);
    const url = new URL(window.location.href);
    const changeId = url.searchParams.get('change');
    const status = url.searchParams.get('redirect_status');
    if (!changeId || !status) return;
    window.history.replaceState(null, '', url.pathname);
    if (status !== 'succeeded') {
      announce('Your bank did not confirm the payment, so nothing was changed. You can try again below.', true);
      return;
    }
    void rentalApi.confirm(api, token, changeId).then(async (done) => {
      if (done.ok && done.data.status === 'applied') return applied(done.data);
      if (done.ok) {
        setPayment(done.data.client_secret ? done.data : null);
        announce('The payment did not go through, so nothing was changed. Try another card below.', true);
        return;
      }
      announce(done.error.message, true);
      await refresh();
    });
  }, [api, token, applied, announce, refresh]);

  const { company } = booking;
  return (
    <PageFrame
      title="Your booking"
      reference={booking.reference}
      company={company}
      sub={`order #${booking.order_number}`}
      local={local}
      notice={notice}
    >
      <BookingStatus status={booking.status} />
      <ChargesSection booking={booking} api={api} token={token} local={local} onRefresh={refresh} />
      <BookingDetails booking={booking} />

      {payment ? (
        <PaymentPanel key={payment.id} change={payment} booking={booking} api={api} token={token} onApplied={applied} />
      ) : null}

      <section aria-labelledby="rb-change">
        <h2 id="rb-change">Change your booking</h2>
        {booking.changes_allowed.length === 0 ? (
          <p>Your booking cannot be changed online any more. For anything else, contact {company.name} (below).</p>
        ) : (
          booking.changes_allowed.map((kind) => {
            const Form = FORMS[kind];
            return (
              <Form
                key={kind}
                booking={booking}
                api={api}
                token={token}
                ready={local}
                onApplied={applied}
                onPayment={(change) => {
                  notice.clear();
                  setPayment(change);
                }}
              />
            );
          })
        )}
      </section>

      <ChangeHistory changes={booking.changes} local={local} />
    </PageFrame>
  );
}

function successText(change: RentalChange): string {
  if (change.kind === 'extend')
    return `Done: your rental is extended by ${change.amounts.days} ${change.amounts.days === 1 ? 'day' : 'days'}. The new pickup date is ${day(change.after.pickup_date)}.`;
  if (change.kind === 'swap')
    return `Done: your swap is booked${change.swap_date ? ` for ${day(change.swap_date)}` : ''}. We take the full dumpster and set an empty one in its place.`;
  if (change.kind === 'end_early') return `Done: the new pickup date is ${day(change.after.pickup_date)}.`;
  return `Done: the delivery is moved to ${day(change.after.delivery_date)}. The pickup date is ${day(change.after.pickup_date)}.`;
}
