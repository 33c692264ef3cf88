'use client';

import { Notice } from '../../../components/notice';
import { api } from '../../../lib/api';
import { useApi } from '../../../lib/use-api';

/**
 * The caps against card testing, when one is at work this hour (owners only; nothing is shown otherwise): many
 * declined cards (a visitor with a declined card opens no new payment), visitors refused over their caps, or
 * the server keys at their cap. The numbers are the API's (GET /payment-caps), counted on every instance.
 */
export function PaymentCapsNotice() {
  const caps = useApi((signal) => api.GET('/payment-caps', { signal }), []).data;
  if (!caps) return null;
  const { limits } = caps;
  const serverCapped = caps.server_key_intents >= limits.intents_per_hour;
  if (!caps.card_testing && caps.visitors_refused === 0 && !serverCapped) return null;
  return (
    <Notice tone={caps.card_testing || serverCapped ? 'warning' : 'info'} title="Payment caps at work this hour">
      <ul>
        {caps.card_testing ? (
          <li data-testid="caps-card-testing">
            {caps.declined_cards} declined cards this hour (the limit is {limits.declines_per_hour}): someone may be
            testing stolen cards on your booking pages. A visitor whose card was declined opens no new payment until the
            hour is over; every other customer books as usual.
          </li>
        ) : null}
        {caps.visitors_refused > 0 ? (
          <li data-testid="caps-visitors">
            {caps.visitors_refused} payment attempts were refused to visitors over their caps (
            {limits.intents_per_ip_per_hour} payments or {limits.declines_per_ip_per_hour} declined cards an hour from
            one connection).
          </li>
        ) : null}
        {serverCapped ? (
          <li data-testid="caps-server">
            Your server keys opened {caps.server_key_intents} payments this hour, their cap of {limits.intents_per_hour}
            : your backend's bookings are refused until the hour is over.
          </li>
        ) : null}
      </ul>
    </Notice>
  );
}
