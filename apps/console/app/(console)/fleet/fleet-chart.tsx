'use client';

import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { FleetSize } from '../_office/types';

const short = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Cans out and in repair per day, stacked, against the cans owned (the line): a day whose bar reaches the
 * line is full. Drawn with Recharts; the page's table under it says the same for screen readers.
 */
export function FleetChart({ size }: { size: FleetSize }) {
  const rows = size.days.map((d) => ({ date: short(d.date), out: d.out, repair: d.in_repair }));
  return (
    <figure className="fleet-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={220}>
        <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" interval={6} tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} domain={[0, Math.max(size.cans, 1)]} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Bar dataKey="out" name="Out" stackId="cans" fill="#2563eb" isAnimationActive={false} />
          <Bar dataKey="repair" name="In repair" stackId="cans" fill="#f59e0b" isAnimationActive={false} />
          <ReferenceLine
            y={size.cans}
            stroke="#b91c1c"
            strokeDasharray="4 2"
            label={{ value: 'Owned', fontSize: 12, position: 'insideTopRight' }}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
