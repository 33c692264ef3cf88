import type { Availability, BookingClient } from '@svc/sdk';
import { useEffect, useState } from 'react';
import { leadReason, type PermitTerms, type StreetAnswer, type StreetQuery, streetKey } from './placement';

/** The street's calendar: the days closed for the permit's lead days (with why), and the permit there. */
export type StreetDays = { closed: ReadonlyMap<string, string>; permit: PermitTerms | null };

const NONE: StreetDays = { closed: new Map(), permit: null };

/**
 * The calendar for the street at the address (docs/decisions/street-permits.md): GET /availability with
 * placement=street and the ZIP (and city), asked once the customer chose the street and typed a ZIP, a moment
 * after the last keystroke. The days before the permit's earliest delivery come back closed with
 * `permit_lead_days`; each says why ("A street permit in Erie, CO needs 14 days").
 */
export function useStreetDays(client: BookingClient | null, street: StreetQuery | null, range: Availability) {
  const key = streetKey(street);
  const [state, setState] = useState<{ key: string; days: StreetDays } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key carries every input of the street's request
  useEffect(() => {
    if (!client || !street || !key) return;
    let live = true;
    const timer = setTimeout(() => {
      // Built apart, so the query keeps the street's fields whatever the client's hand-written query type says.
      const query = { from: range.from, to: range.to, ...street };
      client
        .availability(query)
        .then((answer) => {
          if (!live) return;
          const permit = (answer as Availability & StreetAnswer).permit ?? null;
          const why = permit ? leadReason(permit) : 'not available on the street';
          const closed = new Map(
            answer.closed.filter((c) => (c.reason as string) === 'permit_lead_days').map((c) => [c.date, why]),
          );
          setState({ key, days: { closed, permit } });
        })
        // A street not allowed there is said by the quote, at the question itself.
        .catch(() => live && setState({ key, days: NONE }));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, key, range.from, range.to]);
  return state && state.key === key ? state.days : NONE;
}
