'use client';

import type { ReadonlyURLSearchParams } from 'next/navigation';
import type { Filter } from '../../../components/data-table';
import { CONSOLE_BASE } from '../../../lib/api';

/**
 * What the Orders and Junk jobs lists share: their filters (kept in the address, so a view can be bookmarked
 * and sent to a colleague), the API query they make, and the CSV link of the same view.
 */

export const QUERY_KEYS = ['q', 'status', 'payment_status', 'channel', 'dates', 'from', 'to'] as const;
type Key = (typeof QUERY_KEYS)[number];

/** The list's filters as the API takes them: only those set. */
export function bookingQuery(params: ReadonlyURLSearchParams): Partial<Record<Key, string>> {
  return Object.fromEntries(QUERY_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k) as string]] : [])));
}

const all = (label: string, values: readonly string[]) => [
  { value: '', label },
  ...values.map((v) => ({ value: v, label: v.replaceAll('_', ' ') })),
];

export function bookingFilters(statuses: readonly string[], serviceDay: string): Filter[] {
  return [
    {
      name: 'q',
      label: 'Search',
      search: true,
      hint: 'Number, or 3+ letters of a name, street or e-mail, or a phone in any format',
    },
    { name: 'status', label: 'Status', options: all('Any status', statuses) },
    {
      name: 'payment_status',
      label: 'Payment',
      options: all('Any payment', ['unpaid', 'paid', 'refunded', 'no_charge']),
    },
    {
      name: 'channel',
      label: 'Booked through',
      options: [
        { value: '', label: 'Any channel' },
        { value: 'link', label: 'Booking page' },
        { value: 'widget', label: 'Widget' },
        { value: 'api', label: 'API' },
      ],
    },
    {
      name: 'dates',
      label: 'Dates are',
      options: [
        { value: '', label: serviceDay },
        { value: 'booked', label: 'Day booked' },
      ],
    },
    { name: 'from', label: 'From', date: true },
    { name: 'to', label: 'To', date: true },
  ];
}

/** The CSV of the list as filtered (every page), through this app's /console/v1 with the session cookie. */
export function ExportLink({ path, params, what }: { path: string; params: ReadonlyURLSearchParams; what: string }) {
  const query = new URLSearchParams(bookingQuery(params)).toString();
  return (
    <a className="btn" href={`${CONSOLE_BASE}${path}${query ? `?${query}` : ''}`} download>
      Download {what} (CSV)
    </a>
  );
}
