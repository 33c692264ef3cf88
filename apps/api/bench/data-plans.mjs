// The plans, of the statements the repository sends (a drizzle logger in bench/explain-data.ts): printed in
// full, then in short (table, indexes, buffers, time); a sequential scan of orders or leads fails the run.
import { execFileSync } from 'node:child_process';
import { apiDir, SLUG, tsx, url } from './data-config.mjs';

export function explainPlans({ orderCases, seedPhones }) {
  // The plans, of the statements the repository sends (a drizzle logger in bench/explain-data.ts).
  const explained = JSON.parse(
    execFileSync(
      tsx,
      [
        'bench/explain-data.ts',
        JSON.stringify({
          slug: SLUG,
          cases: orderCases.map((c) => ({ label: `${c.label} (${c.page})`, page: c.page, status: c.status })),
          lead: { phone: seedPhones[0].replace(/[^\d+]/g, ''), email: 'lead1@example.net' },
        }),
      ],
      { cwd: apiDir, env: { ...process.env, DATABASE_URL: url }, maxBuffer: 64 * 1024 * 1024 },
    ).toString(),
  );
  const planSummary = [];
  console.log('\nEXPLAIN (ANALYZE, BUFFERS) of the statements the repository sends');
  for (const c of explained) {
    console.log(`\n## ${c.label}`);
    for (const q of c.queries) {
      console.log(`\n${q.sql}\n-- ${JSON.stringify(q.params)}\n${q.plan.join('\n')}`);
      const text = q.plan.join('\n');
      // A table, or a database function (order_list_page: its own statements' plans follow its plan).
      const table = /from "?(\w+)"?/.exec(q.sql)?.[1] ?? '?';
      const indexes = [
        ...new Set(
          [...text.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)].map(
            (m) => m[1],
          ),
        ),
      ];
      const seqScan = /Seq Scan on (orders|leads)\b/.test(text);
      const summary = {
        case: c.label,
        table,
        indexes,
        seq_scan: seqScan,
        buffers_hit: Number(/Buffers: shared hit=(\d+)/.exec(text)?.[1] ?? 0),
        execution_ms: Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1]),
      };
      planSummary.push(summary);
    }
  }
  console.log('\nplans in short');
  for (const s of planSummary) {
    console.log(
      `  ${s.case.padEnd(52)} ${s.table.padEnd(18)} ${(s.indexes.join(', ') || 'no index').padEnd(48)} ${String(s.buffers_hit).padStart(5)} buffers ${s.execution_ms.toFixed(2).padStart(7)} ms${s.seq_scan ? '  SEQ SCAN' : ''}`,
    );
  }
  return { explained, planSummary };
}
