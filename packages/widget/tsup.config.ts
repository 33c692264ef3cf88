import { defineConfig } from 'tsup';

/**
 * The flows are written against React's API and shipped with Preact's (preact/compat): the same hooks and
 * components in a tenth of the bytes, so a phone downloads and runs a page's script in a fraction of the
 * time (docs/decisions/one-flow-per-page.md). The pages' server renders with
 * Preact too, so what it writes is what the browser hydrates.
 */
export const PREACT = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

const browser = {
  platform: 'browser' as const,
  target: 'es2020',
  minify: true,
  sourcemap: false,
  noExternal: [/.*/],
  define: { 'process.env.NODE_ENV': '"production"' },
};

type EsbuildOptions = {
  jsx?: string;
  legalComments?: string;
  alias?: Record<string, string>;
  entryNames?: string;
  chunkNames?: string;
};

/**
 * Three builds, served by apps/hosted:
 *   booking.js        the loader a site owner's tag loads (a classic script, IIFE, as the spec requires):
 *                     reads its element, draws the button or the placeholder, dispatches the svc:booking:*
 *                     events, and imports the flow it needs when it needs it; a few KB.
 *   flow/             the two flows as ES modules, one entry each (dumpster-<hash>.js, junk-<hash>.js), the
 *                     code both use in shared chunks (Preact, the booking engine), and the card's component
 *                     in a chunk of its own, loaded at the payment step. Content-hashed names, cached for a
 *                     year; the build's scripts/manifest.mjs writes flow/manifest.json (which file is
 *                     each service's entry and what it imports) from esbuild's metafile.
 *   ssr.js            (Node) the hosted pages' HTML, rendered with the same components.
 */
export default defineConfig([
  {
    ...browser,
    entry: { booking: 'src/loader.ts' },
    format: ['iife'],
    outExtension: () => ({ js: '.js' }),
    clean: true,
    esbuildOptions(options: EsbuildOptions) {
      options.legalComments = 'none';
    },
  },
  {
    ...browser,
    entry: { dumpster: 'src/flows/dumpster.tsx', junk: 'src/flows/junk.tsx' },
    outDir: 'dist/flow',
    format: ['esm'],
    splitting: true,
    metafile: true,
    clean: true,
    esbuildOptions(options: EsbuildOptions) {
      options.jsx = 'automatic';
      options.legalComments = 'none';
      options.alias = PREACT;
      options.entryNames = '[name]-[hash]';
      options.chunkNames = '[name]-[hash]';
    },
  },
  {
    entry: { ssr: 'src/ssr.tsx' },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outExtension: () => ({ js: '.js' }),
    noExternal: [/.*/],
    define: { 'process.env.NODE_ENV': '"production"' },
    dts: false,
    splitting: false,
    esbuildOptions(options: EsbuildOptions) {
      options.jsx = 'automatic';
      options.alias = PREACT;
    },
  },
]);
