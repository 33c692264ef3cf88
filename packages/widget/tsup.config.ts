import { defineConfig } from 'tsup';

/**
 * Two classic scripts (IIFE, no module import), as the spec requires of the widget:
 *   booking.js       the loader a page downloads with the tag: reads its element, draws the button or the
 *                    placeholder, dispatches the svc:booking:* events; a few KB.
 *   booking-flow.js  React and the booking flow, fetched by the loader only when it is needed.
 */
export default defineConfig({
  entry: { booking: 'src/loader.ts', 'booking-flow': 'src/flow-entry.tsx' },
  format: ['iife'],
  outExtension: () => ({ js: '.js' }),
  platform: 'browser',
  target: 'es2020',
  minify: true,
  clean: true,
  sourcemap: false,
  noExternal: [/.*/],
  define: { 'process.env.NODE_ENV': '"production"' },
  esbuildOptions(options) {
    options.jsx = 'automatic';
    options.legalComments = 'none';
  },
});
