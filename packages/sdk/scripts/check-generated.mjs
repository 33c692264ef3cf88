// Fails when src/generated/booking.ts differs from what openapi-typescript writes from the committed document.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const out = path.join(mkdtempSync(path.join(tmpdir(), 'svc-sdk-')), 'booking.ts');
execFileSync('node_modules/.bin/openapi-typescript', ['openapi/booking.json', '-o', out], { stdio: 'ignore' });
if (readFileSync(out, 'utf8') !== readFileSync('src/generated/booking.ts', 'utf8')) {
  console.error(
    'packages/sdk/src/generated/booking.ts is out of date with openapi/booking.json: run npm run openapi and commit it.',
  );
  process.exit(1);
}
console.log('packages/sdk/src/generated/booking.ts matches openapi/booking.json.');
