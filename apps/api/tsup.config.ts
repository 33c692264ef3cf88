import { defineConfig } from 'tsup';

// The production builds of the standalone server, the server our Next apps run in, and the start command;
// dependencies stay external.
export default defineConfig({
  entry: {
    standalone: 'src/server/standalone.ts',
    'next-server': 'src/server/next-server.ts',
    start: 'src/server/start.ts',
  },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
});
