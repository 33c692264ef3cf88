// The widget's weight as a visitor downloads it: each built script minified and gzipped (level 9). The
// loader is what every page pays before anyone interacts (budget 15 KB); the flow loads after it, and it is
// all the JavaScript a hosted booking page loads (budget 120 KB: docs/decisions.md, "Junk removal on the hosted page and in the widget").
// With --write, puts the numbers in README.md between the size markers; fails when a script is over budget.
// Usage: node scripts/size.mjs [--quiet] [--write]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const sizes = Object.fromEntries(
  ['booking', 'booking-flow'].map((name) => {
    const bytes = readFileSync(path.join(root, 'dist', `${name}.js`));
    return [name, { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }];
  }),
);
const LOADER_BUDGET = 15 * 1024;
const FLOW_BUDGET = 120 * 1024;
const lines = [
  `| script | minified | min+gzip |`,
  `| --- | --- | --- |`,
  `| \`booking.js\` (the loader, before any interaction; budget 15 KB) | ${kb(sizes.booking.min)} | ${kb(sizes.booking.gzip)} |`,
  `| \`booking-flow.js\` (React and both flows, loaded after; a hosted page's only script; budget 120 KB) | ${kb(sizes['booking-flow'].min)} | ${kb(sizes['booking-flow'].gzip)} |`,
];
if (!process.argv.includes('--quiet')) console.log(lines.join('\n'));
const readme = path.join(root, 'README.md');
const text = readFileSync(readme, 'utf8');
const next = text.replace(/(<!-- size -->\n)[\s\S]*?(<!-- \/size -->)/, `$1${lines.join('\n')}\n$2`);
if (process.argv.includes('--write') && next !== text) writeFileSync(readme, next);
for (const [name, budget] of [
  ['booking', LOADER_BUDGET],
  ['booking-flow', FLOW_BUDGET],
]) {
  if (sizes[name].gzip > budget) {
    console.error(`${name}.js is ${kb(sizes[name].gzip)} min+gzip, over its ${kb(budget)} budget`);
    process.exitCode = 1;
  }
}
