import { createServer, type Server } from 'node:http';
import { freePort } from '../support/platform';

/**
 * A site owner's page on another origin (its own port), with the inline widget where the README's tag puts
 * it: a header, a few lines, the form's container, and the site's own content and footer below it. The
 * container reserves the screen's height, as the README tells site owners (docs/tour.md, "For site
 * owners"), so what is below it is out of sight until the form is drawn. Served as a small site is: one
 * HTML file, no cache.
 */
export async function startThirdPartySite(widgetUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Austin Cleanouts: rent a dumpster</title>
<style>
  body { margin: 0; font: 16px/1.5 Georgia, serif; color: #1f2937; }
  header { padding: 16px 20px; background: #0f172a; color: #fff; display: flex; justify-content: space-between; }
  header a { color: #fff; }
  main { max-width: 1100px; margin: 0 auto; padding: 0 16px; }
  footer { padding: 24px 20px; background: #f1f5f9; }
</style></head><body>
<header><strong>Austin Cleanouts</strong><nav><a href="#services">Services</a> · <a href="#contact">Contact</a></nav></header>
<main>
  <h1>Rent a dumpster in Austin</h1>
  <p>Delivered tomorrow, picked up when you are done. Choose a size and book online in two minutes.</p>
  <div id="dc-booking" style="min-height:100vh"></div>
  <script async src="${widgetUrl}" data-company="demo"></script>
  <section id="services"><h2>Our services</h2>${'<p>Residential cleanouts, construction debris, roofing tear-offs.</p>'.repeat(6)}</section>
</main>
<footer id="contact">Austin Cleanouts · 512-555-0100 · Mon-Sat 7am-6pm</footer>
</body></html>`;
  const server: Server = createServer((req, res) => {
    const found = new URL(req.url ?? '/', 'http://x').pathname === '/';
    res
      .writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(found ? html : 'not found');
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    // localhost, as the demo company's publishable key allows; another port than the platform's pages.
    url: `http://localhost:${port}/`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
