// The widget's weight as a visitor downloads it, minified and gzipped (level 9). The loader is what every
// host page pays before anyone interacts (budget 5 KB). A flow is what its page loads before any
// interaction: its entry and every chunk the entry imports (budget 75 KB each); the card's component comes
// at the payment step, apart. docs/decisions/one-flow-per-page.md.
// With --write, puts the numbers in README.md between the size markers; fails when a script is over budget.
// Usage: node scripts/size.mjs [--quiet] [--write]
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const sizeOf = (file) => {
  const bytes = readFileSync(path.join(root, file));
  return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const sum = (files) =>
  files.map(sizeOf).reduce((a, b) => ({ min: a.min + b.min, gzip: a.gzip + b.gzip }), { min: 0, gzip: 0 });

// What each page loads before any interaction, as the build's manifest lists it (scripts/manifest.mjs).
const manifest = JSON.parse(readFileSync(path.join(root, 'dist/flow/manifest.json'), 'utf8'));
const pageFiles = ({ file, imports }) => [file, ...imports].map((name) => `dist/flow/${name}`);

const LOADER_BUDGET = 5 * 1024;
const FLOW_BUDGET = 75 * 1024;
const rows = [
  [
    '`booking.js` (the loader: before any interaction on a host page; budget 5 KB)',
    sizeOf('dist/booking.js'),
    LOADER_BUDGET,
  ],
  [
    'dumpster flow (/book, a dumpster widget: entry and chunks; budget 75 KB)',
    sum(pageFiles(manifest.dumpster)),
    FLOW_BUDGET,
  ],
  [
    'junk flow (/junk-checkout, a junk widget: entry and chunks; budget 75 KB)',
    sum(pageFiles(manifest.junk)),
    FLOW_BUDGET,
  ],
  ['the card component (at the payment step only)', sizeOf(`dist/flow/${manifest.card}`), null],
];
const lines = [
  '| script | minified | min+gzip |',
  '| --- | --- | --- |',
  ...rows.map(([name, size]) => `| ${name} | ${kb(size.min)} | ${kb(size.gzip)} |`),
];
if (!process.argv.includes('--quiet')) console.log(lines.join('\n'));
const readme = path.join(root, 'README.md');
const text = readFileSync(readme, 'utf8');
const next = text.replace(/(<!-- size -->\n)[\s\S]*?(<!-- \/size -->)/, `$1${lines.join('\n')}\n$2`);
if (process.argv.includes('--write') && next !== text) {
  writeFileSync(readme, next);
  // The project's formatter aligns the table, as `npm test`'s check expects it.
  execFileSync(path.join(root, '../../node_modules/.bin/biome'), ['format', '--write', readme], { stdio: 'ignore' });
}
for (const [name, size, budget] of rows) {
  if (budget !== null && size.gzip > budget) {
    console.error(`${name}: ${kb(size.gzip)} min+gzip, over its ${kb(budget)} budget`);
    process.exitCode = 1;
  }
}
