import { defineConfig } from 'tsup';

// ESM and CJS with type declarations; openapi-fetch stays a dependency.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
});
