import type { FirstScreen } from '@svc/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fixtures from './fixtures/first-screen.json';
import { dumpsterPreload, type WidgetScreenRequest, widgetScreen } from './widget-screen';

// The API's first screens of the demo company for an allowed page (GET /embed/v1/companies/demo/first-screen,
// size=20&promo=WELCOME10, and service=junk), keys replaced.
const dumpster = fixtures.dumpster as unknown as FirstScreen;
const junk = fixtures.junk as unknown as FirstScreen;

const request = (params: Record<string, string>, service: 'dumpster' | 'junk' = 'dumpster'): WidgetScreenRequest => ({
  slug: 'demo',
  service,
  params: (name) => params[name] ?? null,
  publicApiUrl: 'http://api.test',
  serverApiUrl: 'http://api.internal',
  origin: 'https://site.example',
  forward: {},
});

/** The API answers `screen` (200 with an ETag), or 304 / 404; what this server asked is kept. */
function api(status: number, screen?: FirstScreen) {
  const asked: Request[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo, init?: RequestInit) => {
    asked.push(new Request(input, init));
    return new Response(status === 200 ? JSON.stringify({ data: screen }) : null, {
      status,
      headers: { ETag: '"v1"', 'Content-Type': 'application/json' },
    });
  });
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe("a widget's first screen", () => {
  it("asks the API once as the host page, with the tag's answers, and draws the form with the price", async () => {
    const asked = api(200, dumpster);
    const result = await widgetScreen({ ...request({ size: '20', promo: 'WELCOME10', zip: '78704' }), etag: '"v0"' });
    expect(asked).toHaveLength(1);
    const url = new URL(asked[0]?.url as string);
    expect(url.pathname).toBe('/embed/v1/companies/demo/first-screen');
    expect(Object.fromEntries(url.searchParams)).toEqual({ service: 'dumpster', size: '20', promo: 'WELCOME10' });
    expect(asked[0]?.headers.get('origin')).toBe('https://site.example');
    expect(asked[0]?.headers.get('if-none-match')).toBe('"v0"');
    if (result.status !== 200) throw new Error(`answered ${result.status}`);
    expect(result.etag).toBe('"v1"');
    const { screen } = result.body;
    const quote = dumpster.dumpster?.quote;
    expect(screen?.input.preload.quote).toEqual(quote);
    expect(screen?.input.preload.answers).toMatchObject({ sizeYards: 20, zip: '78704', promo: 'WELCOME10' });
    expect(screen?.html).toContain(`>$${quote?.gross_total.toFixed(2)}<`);
    // The form is drawn inert: nothing can be typed until the flow hydrates it.
    expect(screen?.html).toMatch(/<form[^>]* inert/);
  });

  it('a quote for other answers than the form starts with is not kept: the form asks for its own', () => {
    const screen = dumpster.dumpster as NonNullable<FirstScreen['dumpster']>;
    expect(dumpsterPreload(screen, { sizeYards: 20, promo: 'WELCOME10' }).quote).toEqual(screen.quote);
    expect(dumpsterPreload(screen, { sizeYards: 10, promo: 'WELCOME10' }).quote).toBeNull();
    expect(dumpsterPreload(screen, { sizeYards: 20, days: 14, promo: 'WELCOME10' }).quote).toBeNull();
  });

  it('the junk form with its quarter truck', async () => {
    api(200, junk);
    const result = await widgetScreen(request({ size: '20' }, 'junk'));
    if (result.status !== 200) throw new Error(`answered ${result.status}`);
    expect(result.body.screen?.input.service).toBe('junk');
    expect(result.body.screen?.input.preload.quote).toEqual(junk.junk?.quote);
    expect(result.body.screen?.html).toContain(`>$${junk.junk?.quote?.gross_total.toFixed(2)}<`);
  });

  it('no form for a page the company did not allow, or one that takes no online orders: the loader says why', async () => {
    api(200, { ...dumpster, company: { ...dumpster.company, origin_allowed: false }, dumpster: null });
    const refused = await widgetScreen(request({}));
    expect(refused.status === 200 && refused.body).toEqual({
      company: expect.objectContaining({ origin_allowed: false }),
      screen: null,
    });
    api(200, { ...dumpster, company: { ...dumpster.company, is_online: false } });
    const off = await widgetScreen(request({}));
    expect(off.status === 200 && off.body.screen).toBeNull();
  });

  it("no company's text can add markup to the host page", async () => {
    const name = 'Demo </style><img src=x onerror=alert(1)> Dumpsters';
    const company = { ...dumpster.company, name };
    const screen = dumpster.dumpster as NonNullable<FirstScreen['dumpster']>;
    api(200, { ...dumpster, company, dumpster: { ...screen, profile: { ...screen.profile, name } } });
    const result = await widgetScreen(request({}));
    if (result.status !== 200) throw new Error(`answered ${result.status}`);
    expect(result.body.screen?.html).not.toContain('<img');
  });

  it('an unknown company and an unchanged answer are said as such', async () => {
    api(404);
    expect(await widgetScreen(request({}))).toEqual({ status: 404 });
    api(304);
    expect(await widgetScreen({ ...request({}), etag: '"v1"' })).toEqual({ status: 304 });
  });
});
