import { defineConfig } from 'tsup';

const browser = {
  format: ['iife'] as const,
  outExtension: () => ({ js: '.js' }),
  platform: 'browser' as const,
  target: 'es2020',
  minify: true,
  sourcemap: false,
  noExternal: [/.*/],
  define: { 'process.env.NODE_ENV': '"production"' },
  esbuildOptions(options: { jsx?: string; legalComments?: string }) {
    options.jsx = 'automatic';
    options.legalComments = 'none';
  },
};

/**
 * Two classic scripts (IIFE, no module import), as the spec requires of the widget, and the pages' server
 * renderer:
 *   booking.js       the loader a page downloads with the tag: reads its element, draws the button or the
 *                    placeholder, dispatches the svc:booking:* events; a few KB.
 *   booking-flow.js  React and the booking flows, fetched by the loader only when it is needed; the hosted
 *                    pages load the same file to hydrate what their server rendered.
 *   ssr.js           (Node) the hosted pages' HTML, rendered with the same React and components.
 */
export default defineConfig([
  { ...browser, entry: { booking: 'src/loader.ts', 'booking-flow': 'src/flow-entry.tsx' }, clean: true },
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
    // react-dom/server's Node build requires Node's modules: give the ES module a require.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    esbuildOptions(options) {
      options.jsx = 'automatic';
    },
  },
]);
