import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../lib/paths';
import { bookingDocument } from './document';

/** Writes packages/sdk/openapi/booking.json from the contract; with --check, fails when it has drifted. */
const file = path.join(repoRoot(), 'packages/sdk/openapi/booking.json');
const generated = `${JSON.stringify(bookingDocument(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {}
  if (committed !== generated) {
    console.error(
      `${path.relative(repoRoot(), file)} is out of date with the zod contract: run npm run openapi and commit it.`,
    );
    process.exit(1);
  }
  console.log(`${path.relative(repoRoot(), file)} matches the contract.`);
} else {
  writeFileSync(file, generated);
  console.log(`wrote ${path.relative(repoRoot(), file)}`);
}
