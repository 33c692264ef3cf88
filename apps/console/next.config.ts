import type { NextConfig } from 'next';

const config: NextConfig = {
  // Type-checked once, by `typecheck` (tsc, with Next's generated route types: `next typegen`), which
  // `pnpm run check` runs before any build; the build's own TypeScript pass repeated it (docs/decisions/type-checked-once.md).
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  typedRoutes: false,
  // /console/v1/* goes to the API through proxy.ts (read at run time; rewrites here are fixed at build time).
  headers: async () => [
    {
      source: '/:path*',
      headers: [
        { key: 'X-Content-Type-Options', value: 'nosniff' },
        { key: 'Referrer-Policy', value: 'same-origin' },
        // The console is never framed (clickjacking an approve button); pages' CSP comes from proxy.ts.
        { key: 'X-Frame-Options', value: 'DENY' },
      ],
    },
  ],
};

export default config;
