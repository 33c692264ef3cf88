import type { NextConfig } from 'next';

const config: NextConfig = {
  // The booking flow is shared with the widget as TypeScript source.
  transpilePackages: ['@svc/booking-ui'],
  poweredByHeader: false,
  typedRoutes: false,
};

export default config;
