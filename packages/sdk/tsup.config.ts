import { defineConfig } from 'tsup';

// ESM and CJS with type declarations; openapi-fetch stays a dependency.
export default defineConfig({
  // embed: the company lookup alone, for the widget's loader (no client, no openapi-fetch).
  // console: our console app's client (internal: not in the README).
  entry: ['src/index.ts', 'src/embed.ts', 'src/console.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
});
