'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dashboard } from '../_office/types';

const short = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The channels, in the charts' order and colours (the legend names them; the tables say the same). */
export const CHANNELS = [
  { key: 'link', name: 'Booking page', color: '#2563eb' },
  { key: 'widget', name: 'Widget', color: '#16a34a' },
  { key: 'api', name: 'API', color: '#9333ea' },
] as const;

/**
 * Bookings or revenue per day, stacked by channel. Drawn with Recharts (the console's one chart library);
 * hidden from screen readers, which read the same numbers in the table under it.
 */
export function PerDayChart({ days, measure }: { days: Dashboard['days']; measure: 'bookings' | 'revenue' }) {
  const rows = days.map((d) => ({ date: short(d.date), ...d[measure] }));
  return (
    <figure className="dashboard-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" interval={Math.max(0, Math.ceil(days.length / 8) - 1)} tick={{ fontSize: 12 }} />
          <YAxis
            allowDecimals={measure === 'revenue'}
            tick={{ fontSize: 12 }}
            width={measure === 'revenue' ? 56 : 32}
          />
          <Tooltip />
          <Legend />
          {CHANNELS.map((c) => (
            <Bar key={c.key} dataKey={c.key} name={c.name} stackId="c" fill={c.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
