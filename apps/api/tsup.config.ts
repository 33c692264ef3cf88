import { defineConfig } from 'tsup';

// The production builds of the standalone server, the server our Next apps run in, the start command and
// the CLI; dependencies stay external.
export default defineConfig({
  entry: {
    standalone: 'src/server/standalone.ts',
    'next-server': 'src/server/next-server.ts',
    start: 'src/server/start.ts',
    // The `svc` CLI built, for the test suites: a node start instead of tsx compiling it on every call.
    cli: 'src/cli/main.ts',
  },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
});
