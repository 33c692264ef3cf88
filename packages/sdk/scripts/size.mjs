// The browser build's weight: the SDK with openapi-fetch bundled, minified, gzipped. Printed, and written
// into README.md between the size markers.
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const result = await build({
  entryPoints: ['src/index.ts'],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
});
const code = result.outputFiles[0].contents;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const line = `Browser build (ESM, openapi-fetch included): ${kb(code.length)} minified, **${kb(gzipSync(code, { level: 9 }).length)} min+gzip**.`;
console.log(line.replace(/\*\*/g, ''));
const readme = readFileSync('README.md', 'utf8');
writeFileSync('README.md', readme.replace(/<!-- size -->[\s\S]*<!-- \/size -->/, `<!-- size -->${line}<!-- /size -->`));
