import { createServer, type Server } from 'node:http';
import { freePort } from './platform';

/**
 * Plain HTML pages of "a site owner's website" on another origin (a second local port), each embedding the
 * widget with the tag the README gives. Pages are functions of the widget's script URL.
 */
export type HostPages = { origin: string; url(page: string, query?: string): string; close(): Promise<void> };

const page = (title: string, head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${head}</head><body>${body}</body></html>`;

export async function startHostPages(widgetUrl: string, host = 'localhost'): Promise<HostPages> {
  const tag = (attrs: string) => `<script async src="${widgetUrl}" ${attrs}></script>`;
  const pages: Record<string, string> = {
    '/inline.html': page(
      'Austin Cleanouts',
      '',
      `<h1>Austin Cleanouts</h1><p>Book your dumpster below.</p><div id="dc-booking"></div>
       ${tag('data-company="demo" data-size="20" data-zip="78704" data-promo="WELCOME10"')}`,
    ),
    '/fab.html': page(
      'Austin Cleanouts: floating button',
      '',
      `<h1>Austin Cleanouts</h1><a href="#contact">Contact us</a>${'<p>Lorem ipsum dolor sit amet.</p>'.repeat(60)}
       ${tag('data-company="demo" data-mode="fab" data-color="#16a34a" data-label="Rent a dumpster"')}
       ${tag('data-company="demo" data-mode="fab" data-service="junk" data-position="left"')}`,
    ),
    '/junk-inline.html': page(
      'Austin Cleanouts: dumpsters and junk removal',
      '',
      `<h1>Austin Cleanouts</h1><h2>Rent a dumpster</h2><div id="dc-booking"></div>
       <h2>Or let us haul it</h2><div id="dc-junk-booking"></div>
       ${tag('data-company="demo" data-size="10"')}
       ${tag('data-company="demo" data-service="junk"')}`,
    ),
    '/twice.html': page(
      'Austin Cleanouts: a form and a button',
      '',
      `<h1>Austin Cleanouts</h1><div id="dc-booking"></div>
       ${tag('data-company="demo"')}
       ${tag('data-company="demo" data-mode="fab" data-label="Book from anywhere"')}`,
    ),
    '/hostile.html': page(
      'A hostile theme',
      `<style>
         * { all: unset; }
         html { font-size: 40px; }
         body { font: italic 40px/3 "Comic Sans MS", cursive; color: #f0f; letter-spacing: 4px; text-transform: uppercase; }
         div, input, button, label { box-sizing: content-box; border: 5px dashed red; padding: 20px; }
       </style>`,
      `<h1>We reset everything</h1><div id="dc-booking"></div>${tag('data-company="demo" data-size="10"')}`,
    ),
    '/redirect.html': page(
      'Thanks Page Dumpsters',
      '',
      `<div id="dc-booking"></div>${tag('data-company="e2e-redirect" data-size="10"')}`,
    ),
    '/two-sites.html': page(
      'Two Sites Hauling',
      '',
      `<h1>Two Sites Hauling</h1><div id="dc-booking"></div>${tag('data-company="e2e-two-sites" data-size="10"')}`,
    ),
    '/missing.html': page('No company', '', `<div id="dc-booking"></div>${tag('')}`),
    '/unknown.html': page('Unknown company', '', `<div id="dc-booking"></div>${tag('data-company="no-such-co"')}`),
    '/not-allowed.html': page(
      'A domain the company did not allow',
      '',
      `<div id="dc-booking"></div>${tag('data-company="e2e-materials"')}`,
    ),
  };
  const server: Server = createServer((req, res) => {
    const body = pages[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const origin = `http://${host}:${port}`;
  return {
    origin,
    url: (p, query = '') => `${origin}${p}${query ? `?${query}` : ''}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
