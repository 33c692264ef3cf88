// Fails when a file of src/generated/ differs from what openapi-typescript writes from its committed document.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'svc-sdk-'));
let drifted = false;
for (const name of ['booking', 'data', 'embed', 'console', 'rental']) {
  const out = path.join(dir, `${name}.ts`);
  execFileSync('node_modules/.bin/openapi-typescript', [`openapi/${name}.json`, '-o', out], { stdio: 'ignore' });
  if (readFileSync(out, 'utf8') !== readFileSync(`src/generated/${name}.ts`, 'utf8')) {
    console.error(
      `packages/sdk/src/generated/${name}.ts is out of date with openapi/${name}.json: run npm run openapi and commit it.`,
    );
    drifted = true;
  } else {
    console.log(`packages/sdk/src/generated/${name}.ts matches openapi/${name}.json.`);
  }
}
if (drifted) process.exit(1);
