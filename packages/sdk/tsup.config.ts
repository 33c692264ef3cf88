import { defineConfig } from 'tsup';

// ESM and CJS with type declarations; openapi-fetch stays a dependency.
export default defineConfig({
  // embed: the company lookup alone, for the widget's loader (no client, no openapi-fetch).
  entry: ['src/index.ts', 'src/embed.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
});
