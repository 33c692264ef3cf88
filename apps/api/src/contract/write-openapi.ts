import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CompanyConfig } from '../company-config/schema';
import { repoRoot } from '../lib/paths';
import { bookingDocument, consoleDocument, dataDocument, embedDocument, rentalDocument } from './document';

/**
 * Writes the documents generated from the zod contract: the Booking API's OpenAPI document (committed in
 * packages/sdk) and the JSON Schema of the company config file (for editors). With --check, fails when a
 * committed copy has drifted from the code.
 */
const outputs = [
  { file: 'packages/sdk/openapi/booking.json', content: bookingDocument() },
  { file: 'packages/sdk/openapi/data.json', content: dataDocument() },
  { file: 'packages/sdk/openapi/embed.json', content: embedDocument() },
  { file: 'packages/sdk/openapi/console.json', content: consoleDocument() },
  { file: 'packages/sdk/openapi/rental.json', content: rentalDocument() },
  {
    file: 'docs/company-config.schema.json',
    content: z.toJSONSchema(CompanyConfig, { io: 'input', unrepresentable: 'any' }),
  },
];

const check = process.argv.includes('--check');
let drifted = false;
for (const { file, content } of outputs) {
  const target = path.join(repoRoot(), file);
  const generated = `${JSON.stringify(content, null, 2)}\n`;
  if (!check) {
    writeFileSync(target, generated);
    console.log(`wrote ${file}`);
    continue;
  }
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {}
  if (committed === generated) {
    console.log(`${file} matches the contract.`);
  } else {
    console.error(`${file} is out of date with the zod contract: run npm run openapi and commit it.`);
    drifted = true;
  }
}
if (drifted) process.exit(1);
