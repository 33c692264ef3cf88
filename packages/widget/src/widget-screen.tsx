import {
  type Answers,
  answersFromParams,
  type CompanyEmbed,
  type DumpsterPreload,
  type JunkPreload,
  startingAnswers,
  startingJunk,
  WidgetFlow,
  type WidgetInput,
} from '@svc/booking-ui';
import { type FirstScreen, type FirstScreenQuery, fetchFirstScreen } from '@svc/sdk';
import { renderToString } from 'react-dom/server';

/**
 * A widget's first screen, as the hosted app serves it to the loader on a site owner's page
 * (/widget/v1/companies/<slug>/first-screen): the API's one answer for the page's Origin (the company, the
 * key that page may use, the form's data and its price: GET /embed/v1/companies/{slug}/first-screen), and
 * the form rendered from it with the components the flow module hydrates, so the visitor sees the prices
 * as soon as this one answer arrives (docs/decisions/widget-first-screen.md).
 */
export type WidgetScreen = {
  company: CompanyEmbed;
  /** The form's markup and what the flow hydrates it from; null when the loader says something else instead. */
  screen: { html: string; input: WidgetInput } | null;
};

export type WidgetScreenRequest = {
  slug: string;
  service: 'dumpster' | 'junk';
  /** The tag's pre-filled answers, in the hosted page's parameter names (size, zip, promo, debris). */
  params: (name: string) => string | null;
  /** The API as browsers reach it, and as this server reaches it. */
  publicApiUrl: string;
  serverApiUrl: string;
  /** The host page's Origin (its key is chosen by it) and the headers that name the visitor. */
  origin: string;
  forward: Record<string, string>;
  /** The ETag of the API's answer this server rendered last time for the same request. */
  etag?: string;
};

export type WidgetScreenResult =
  | { status: 404 }
  /** The API's answer named by `etag` is still the answer: what was rendered from it still holds. */
  | { status: 304 }
  | { status: 200; etag: string | null; body: WidgetScreen };

const TIMEOUT_MS = 2000;

export async function widgetScreen(req: WidgetScreenRequest): Promise<WidgetScreenResult> {
  const initial = req.service === 'dumpster' ? answersFromParams(req.params) : {};
  const answer = await fetchFirstScreen(req.serverApiUrl, req.slug, queryOf(req.service, initial), {
    headers: { Origin: req.origin, ...req.forward },
    etag: req.etag,
    cache: 'no-store',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!answer) return { status: 404 };
  if (answer.status === 304) return answer;
  const input = inputOf(req, answer.screen, initial);
  const screen = input ? { html: renderToString(<WidgetFlow {...input} />), input } : null;
  return { status: 200, etag: answer.etag, body: { company: answer.screen.company, screen } };
}

/** What the API prices: the tag's size and promo, and its project when it names a material. */
function queryOf(service: 'dumpster' | 'junk', initial: Partial<Answers>): FirstScreenQuery {
  if (service === 'junk') return { service };
  return {
    service,
    ...(initial.sizeYards ? { size: initial.sizeYards } : {}),
    ...(initial.debris ? { material: initial.debris.toLowerCase() } : {}),
    ...(initial.promo ? { promo: initial.promo } : {}),
  };
}

/**
 * The flow's input, when the loader is to show the form: the page may use the key and the company books
 * this service online (else the loader says why, from `company`, with nothing to render).
 */
function inputOf(req: WidgetScreenRequest, screen: FirstScreen, initial: Partial<Answers>): WidgetInput | null {
  const { company } = screen;
  const key = company.publishable_key;
  if (!key || company.origin_allowed !== true || !company.payments_ready) return null;
  const base = { apiBaseUrl: req.publicApiUrl, company: { ...company, publishable_key: key } };
  if (req.service === 'junk') {
    return screen.junk ? { ...base, service: 'junk', initial: {}, preload: junkPreload(screen.junk) } : null;
  }
  if (!company.is_online || !screen.dumpster) return null;
  return { ...base, service: 'dumpster', initial, preload: dumpsterPreload(screen.dumpster, initial) };
}

/** The starting answers, as the flow makes them, and the API's price when it is theirs (else the form asks). */
export function dumpsterPreload(
  screen: NonNullable<FirstScreen['dumpster']>,
  initial: Partial<Answers>,
): DumpsterPreload {
  const { profile, sizes, materials, availability } = screen;
  const data = { profile, sizes, materials, availability };
  const answers = startingAnswers(data, initial);
  const q = screen.quote;
  const theirs =
    q?.size.yards === answers.sizeYards &&
    q.rental_days === answers.days &&
    (q.material ?? '') === (materials.enabled ? answers.material : '');
  return { data, answers, quote: theirs ? q : null };
}

export function junkPreload(screen: NonNullable<FirstScreen['junk']>): JunkPreload {
  const { profile, config, availability } = screen;
  const data = { profile, config, availability };
  const answers = startingJunk(data);
  const q = screen.quote;
  return { data, answers, quote: q?.load.load_fraction === answers.load ? q : null };
}
