import { bookingCss, pageCss } from '@svc/booking-ui';
import { describe, expect, it } from 'vitest';
import { renderBookingPage } from './ssr';

const company = {
  slug: 'demo',
  name: 'Demo </script><script>alert(1)</script> Dumpsters',
  branding: { primary_color: '#2563eb', logo_url: null },
  publishable_key: 'svc_pk_live_test',
} as never;

describe("the hosted page's HTML", () => {
  it('no text of the company or of the link can close the JSON island or add a script', () => {
    const html = renderBookingPage(
      { service: 'junk', apiBaseUrl: 'http://api.test', company, preview: false },
      {
        title: 'Book </title><script>alert(2)</script>',
        nonce: 'abc',
        flow: { src: '/widget/v1/flow/junk-X.js', preload: ['/widget/v1/flow/chunk-Y.js'] },
      },
    );
    // Exactly our two scripts: the JSON island and the flow module, with the page's nonce (the preloads too).
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert');
    const island = /<script id="svc-page-data"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(island).company.name).toBe('Demo </script><script>alert(1)</script> Dumpsters');
    expect(html).toContain('nonce="abc"');
  });

  it('carries the stylesheets byte for byte, so the first paint is styled as the hydrated page is', () => {
    const html = renderBookingPage(
      { service: 'dumpster', apiBaseUrl: 'http://api.test', company, preview: false },
      { title: 'Book', nonce: 'abc', flow: { src: '/widget/v1/flow/dumpster-X.js', preload: [] } },
    );
    // A style element does not decode entities: `&quot;Segoe UI&quot;` would drop the whole font rule.
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles).toContain(pageCss);
    expect(styles).toContain(bookingCss);
  });
});
