import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../support/platform';

const kb = (n: number) => Math.round(n / 102.4) / 10;

/** docs/benchmarks.md's table of the latest run, between its markers, so the figures there are this JSON's. */
export function writeBenchmarks(
  result: {
    date: string;
    machine: { cpu: string; cores: number; memory_gb: number; node: string; chromium: string };
    pages: {
      path: string;
      javascript: { gzip: number; files: number; loader_gzip?: number };
      timings: { profile: string; first_byte_ms: number; lcp_ms: number; prices_shown_ms: number; cls: number }[];
    }[];
  },
  runs: number,
) {
  const m = result.machine;
  const weight = (js: { gzip: number; files: number; loader_gzip?: number }) =>
    `${kb(js.gzip)} KB, ${js.files} files${js.loader_gzip ? ` (loader ${kb(js.loader_gzip)} KB)` : ''}`;
  const lines = [
    `Latest run: ${result.date.slice(0, 10)}, ${m.cores} vCPU ${m.cpu}, ${m.memory_gb} GB, Node ${m.node.slice(1)}, Chromium ${m.chromium.split('.')[0]} (Debian), medians of ${runs}, CLS the worst run.`,
    '',
    '| page | profile | first byte | LCP | prices shown | CLS | JavaScript (gzip) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...result.pages.flatMap((p) =>
      p.timings.map(
        (t, i) =>
          `| ${p.path.startsWith('/') ? `\`${p.path}\`` : p.path} | ${t.profile} | ${t.first_byte_ms} ms | ${t.lcp_ms} ms | ${t.prices_shown_ms} ms | ${t.cls.toFixed(3)} | ${i === 0 ? weight(p.javascript) : ''} |`,
      ),
    ),
  ];
  const doc = path.join(repoRoot, 'docs/benchmarks.md');
  const text = readFileSync(doc, 'utf8');
  writeFileSync(
    doc,
    text.replace(/(<!-- page-bench -->\n)[\s\S]*?(<!-- \/page-bench -->)/, `$1${lines.join('\n')}\n$2`),
  );
  // The project's formatter aligns the table, as `npm test`'s check expects it.
  execFileSync(path.join(repoRoot, 'node_modules/.bin/biome'), ['format', '--write', doc], { stdio: 'ignore' });
}
