import type { Availability, BookingClient, Size } from '@svc/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The delivery days a counted size has no can free for the chosen rental, and the first day that has one. */
export type FleetDays = { full: ReadonlySet<string>; next: string | null; sizeLabel: string; days: number };

const NONE: FleetDays = { full: new Set(), next: null, sizeLabel: '', days: 0 };

/**
 * The fleet's closed days for the chosen size and rental length (docs/decisions/fleet.md): asked of
 * GET /availability with size_id and rental_days once both are chosen, for a size whose cans the company
 * counts (`size.fleet`); nothing is asked for the others. `reload` re-reads them (a refusal at payment).
 */
export function useFleetDays(client: BookingClient | null, size: Size | undefined, days: number, range: Availability) {
  const [state, setState] = useState<{ key: string; fleet: FleetDays } | null>(null);
  const key = size?.fleet && days > 0 ? `${size.id}:${days}` : null;
  const asked = useRef<string | null>(null);
  const load = useCallback(async () => {
    if (!client || !size?.fleet || !key) return;
    asked.current = key;
    const answer = await client.availability({ size_id: size.id, rental_days: days, from: range.from, to: range.to });
    if (asked.current !== key) return;
    const full = new Set(answer.closed.filter((c) => c.reason === 'fleet_full').map((c) => c.date));
    setState({ key, fleet: { full, next: answer.fleet?.next_delivery_date ?? null, sizeLabel: size.label, days } });
  }, [client, size, days, key, range.from, range.to]);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);
  return { fleet: state && state.key === key ? state.fleet : NONE, reload: () => load().catch(() => undefined) };
}

/** "20 Yard Dumpster" as "20 Yard dumpsters": the size's label in a sentence about all of its cans. */
export const cansOf = (label: string) => `${label.replace(/\s*dumpsters?$/i, '')} dumpsters`;

/** Why a sold-out day is greyed, as the calendar says it. */
export const soldOutReason = (fleet: FleetDays) => `all ${cansOf(fleet.sizeLabel)} are out then`;
