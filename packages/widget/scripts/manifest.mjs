// Which files each flow's page loads, read from the build's esbuild metafile once and written beside the
// flows as dist/flow/manifest.json: per service, its entry and every chunk the entry imports (statically,
// transitively), asked for at once by the page; and the card component's chunk, loaded at the payment
// step. apps/hosted serves and preloads from it; scripts/size.mjs weighs it. Run by the build after tsup.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const flowDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist/flow');
const { outputs } = JSON.parse(readFileSync(path.join(flowDir, 'metafile-esm.json'), 'utf8'));

const outputOf = (entryPoint) => {
  const file = Object.keys(outputs).find((f) => outputs[f].entryPoint === entryPoint);
  if (!file) throw new Error(`the widget's build has no output for ${entryPoint}`);
  return file;
};
/** The chunks an output needs before it runs: its static imports, theirs, and so on. */
function imports(file, seen = new Set()) {
  for (const i of outputs[file]?.imports ?? []) {
    if (i.kind !== 'import-statement' || seen.has(i.path)) continue;
    seen.add(i.path);
    imports(i.path, seen);
  }
  return seen;
}
const flow = (service) => {
  const entry = outputOf(`src/flows/${service}.tsx`);
  return { file: path.basename(entry), imports: [...imports(entry)].map((f) => path.basename(f)) };
};
const manifest = {
  dumpster: flow('dumpster'),
  junk: flow('junk'),
  card: path.basename(outputOf('../booking-ui/src/engine/stripe-payment.tsx')),
};
writeFileSync(path.join(flowDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
