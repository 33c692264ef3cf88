import { Brand, HostedFlow, Message, type PageInput, pageCss, SUBTITLES } from '@svc/booking-ui';
import type { CompanyEmbed } from '@svc/sdk';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { preloadDumpster, preloadJunk, serverClient } from './preload';

export { visitorHeaders } from './preload';
export { type WidgetScreen, type WidgetScreenRequest, type WidgetScreenResult, widgetScreen } from './widget-screen';

/**
 * The hosted pages' HTML, rendered on the page's server with the same React and components the flow script
 * hydrates with (both come from this package's build). The first paint shows the company, its loads or
 * sizes and their prices; the page's flow module (`flow`: its entry, and the chunks it imports, asked for at
 * once) makes it interactive.
 */
export type FlowScripts = { src: string; preload: string[] };
export type Document = { title: string; nonce: string; flow: FlowScripts | null };

export function renderBookingPage(input: PageInput, doc: Document): string {
  const flow = renderToString(<HostedFlow {...input} />);
  // JSON inside <script>: '<' escaped so no value can close the element.
  const data = JSON.stringify(input).replace(/</g, '\\u003c');
  return page(
    doc,
    <main className="page">
      <Brand company={input.company} subtitle={SUBTITLES[input.service]} />
      <div id="svc-page" dangerouslySetInnerHTML={{ __html: flow }} />
    </main>,
    <>
      <script id="svc-page-data" data-svc-page="" type="application/json" dangerouslySetInnerHTML={{ __html: data }} />
      {doc.flow ? <script type="module" src={doc.flow.src} nonce={doc.nonce} /> : null}
    </>,
  );
}

/** A page with one message and no script: an unknown company, or booking switched off. */
export function renderMessagePage(
  doc: Omit<Document, 'flow'>,
  message: { title: string; text: string; company?: CompanyEmbed; subtitle?: string },
): string {
  return page(
    { ...doc, flow: null },
    <main className="page">
      {message.company ? <Brand company={message.company} subtitle={message.subtitle ?? ''} /> : null}
      <Message title={message.title}>
        <p>{message.text}</p>
      </Message>
    </main>,
    null,
  );
}

function page(doc: Document, body: ReactNode, scripts: ReactNode): string {
  return `<!doctype html>${renderToString(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <title>{doc.title}</title>
        <style dangerouslySetInnerHTML={{ __html: pageCss }} />
        {doc.flow
          ? [doc.flow.src, ...doc.flow.preload].map((href) => (
              <link key={href} rel="modulepreload" href={href} nonce={doc.nonce} />
            ))
          : null}
      </head>
      <body>
        {body}
        {scripts}
      </body>
    </html>,
  )}`;
}

/** What the hosted app hands over for one page view. */
export type PageRequest = {
  /** The company behind the slug (the embed lookup), or null when there is none. */
  company: CompanyEmbed | null;
  params: (name: string) => string | null;
  /** The API as browsers reach it, and as this server reaches it. */
  publicApiUrl: string;
  serverApiUrl: string;
  /** This page's origin (sent as Origin) and the headers that name the visitor to the API. */
  origin: string;
  forward: Record<string, string>;
  nonce: string;
  flow: FlowScripts;
};

export type RenderedPage = { status: number; html: string };

const NOT_FOUND = {
  title: 'We could not find this booking page',
  text: 'The link may be mistyped or the company may have moved its booking page. Check the address you were given.',
};

/** /book?company=<slug>: the dumpster booking page. */
export async function dumpsterPage(req: PageRequest): Promise<RenderedPage> {
  const { company } = req;
  if (!company)
    return { status: 404, html: renderMessagePage({ title: 'Page not found', nonce: req.nonce }, NOT_FOUND) };
  const preview = req.params('preview') === '1';
  const title = `Book a dumpster: ${company.name}`;
  const key = company.publishable_key;
  if (!key || (!preview && !(company.is_online && company.payments_ready))) {
    return { status: 200, html: unavailable(req, company, 'dumpster', 'to book a dumpster') };
  }
  const client = serverClient({ apiUrl: req.serverApiUrl, key, origin: req.origin, forward: req.forward });
  const preload = await preloadDumpster(client, req.params).catch(notLoaded('/book'));
  const input: PageInput = {
    service: 'dumpster',
    apiBaseUrl: req.publicApiUrl,
    company: { ...company, publishable_key: key },
    preview,
    preload,
  };
  return { status: 200, html: renderBookingPage(input, { title, nonce: req.nonce, flow: req.flow }) };
}

/** /junk-checkout/<slug>: the junk removal booking page. */
export async function junkPage(req: PageRequest): Promise<RenderedPage> {
  const { company } = req;
  if (!company)
    return { status: 404, html: renderMessagePage({ title: 'Page not found', nonce: req.nonce }, NOT_FOUND) };
  const preview = req.params('preview') === '1';
  const title = `Book junk removal: ${company.name}`;
  const key = company.publishable_key;
  if (!key || (!preview && !company.payments_ready)) {
    return { status: 200, html: unavailable(req, company, 'junk', 'for junk removal') };
  }
  const client = serverClient({ apiUrl: req.serverApiUrl, key, origin: req.origin, forward: req.forward });
  const preload = await preloadJunk(client, req.params).catch(notLoaded('/junk-checkout'));
  if (preload && !preview && !preload.data.config.junk_online) {
    return { status: 200, html: unavailable(req, company, 'junk', 'for junk removal') };
  }
  const input: PageInput = {
    service: 'junk',
    apiBaseUrl: req.publicApiUrl,
    company: { ...company, publishable_key: key },
    preview,
    preload,
  };
  return { status: 200, html: renderBookingPage(input, { title, nonce: req.nonce, flow: req.flow }) };
}

/**
 * The page's server could not load the data: the page is rendered without it and the browser loads it. Said
 * in the log (the code, never a key or a visitor's answer), since every visitor then waits longer.
 */
function notLoaded(page: string) {
  return (err: unknown): undefined => {
    const e = err as { code?: string; status?: number; name?: string };
    console.warn(
      `[hosted] ${page}: data not loaded on the server (${e.code ?? e.name ?? 'error'}${e.status ? ` ${e.status}` : ''}); the browser loads it`,
    );
    return undefined;
  };
}

function unavailable(req: PageRequest, company: CompanyEmbed, service: 'dumpster' | 'junk', what: string) {
  return renderMessagePage(
    { title: company.name, nonce: req.nonce },
    {
      company,
      subtitle: SUBTITLES[service],
      title: 'Online booking is not available right now',
      text: `${company.name} is not taking online bookings ${what} at the moment. Please contact them directly.`,
    },
  );
}
