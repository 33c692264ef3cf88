import { defineConfig } from 'tsup';

// The production build of the standalone server and the start command; dependencies stay external.
export default defineConfig({
  entry: { standalone: 'src/server/standalone.ts', start: 'src/server/start.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
});
