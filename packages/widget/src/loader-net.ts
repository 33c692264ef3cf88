import { type CompanyEmbed as Company, fetchCompanyEmbed } from '@svc/sdk/embed';
import { hint } from './loader-dom';
import type { WidgetOptions } from './options';

/** What the loader asks the network for: the first screen, the flow's modules, the API's connection. */

// Filled in by the platform when it serves the script (apps/hosted: /widget/v1/booking.js): the API, and
// each flow's files, its entry first and the chunks it imports after it, comma-separated.
export const API_URL = '__SVC_API_URL__';
const FLOWS = { dumpster: '__SVC_DUMPSTER_FLOW__', junk: '__SVC_JUNK_FLOW__' };

export type Service = keyof typeof FLOWS;
export type FlowApi = { mount(el: HTMLElement, props: Record<string, unknown>): () => void };
/** The first screen (apps/hosted: /widget/v1/companies/<slug>/first-screen); `screen` null: the flow loads itself. */
export type Answer = { company: Company; screen: { html: string; input: { preload: unknown } } | null };
/** A first screen asked: whether the form will be drawn (known at its answer's headers), and the answer. */
export type Asked = { wanted: Promise<boolean>; answer: Promise<Answer | null> };
type Win = Window & {
  __svcFlows?: Partial<Record<Service, Promise<FlowApi>>>;
  __svcScreens?: Record<string, Asked>;
};

const files = (service: Service) => FLOWS[service].split(',');

/** The flow's modules, all at once, and the API's connection (the flow calls it once it runs). */
export function prepare(service: Service, base: string) {
  hint('preconnect', API_URL);
  for (const file of files(service)) hint('modulepreload', new URL(file, base).href);
}

/**
 * The flow of one service, an ES module imported once per page however many tags ask for it (its shared
 * chunks come with it, and are cached across the two flows). A failed import is asked again next time.
 */
export function loadFlow(service: Service, base: string): Promise<FlowApi> {
  const win = window as Win;
  win.__svcFlows ??= {};
  const flows = win.__svcFlows;
  const src = new URL(files(service)[0] as string, base).toString();
  flows[service] ??= (import(/* webpackIgnore: true */ src) as Promise<FlowApi>).catch(() => {
    flows[service] = undefined;
    throw new Error(`could not load ${src}`);
  });
  return flows[service];
}

/**
 * The first screen of this tag's company, service and pre-filled answers, asked once per page (a second tag
 * asking the same shares the answer); kept by the browser and revalidated (its ETag). When the platform's
 * pages cannot answer, the company lookup of the API, as before: the flow then loads its own data.
 */
export function firstScreen(base: string, options: WidgetOptions): Asked {
  const query = new URLSearchParams({ service: options.service });
  for (const [name, value] of Object.entries(options.prefill)) if (value) query.set(name, value);
  const url = new URL(`/widget/v1/companies/${encodeURIComponent(options.company)}/first-screen?${query}`, base).href;
  const win = window as Win;
  win.__svcScreens ??= {};
  const screens = win.__svcScreens;
  if (!screens[url]) {
    const asked = fetch(url, { credentials: 'omit' });
    screens[url] = {
      wanted: asked.then(
        (res) => res.status !== 404,
        () => true,
      ),
      answer: asked
        .then(async (res) => {
          if (res.status === 404) return null;
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          return (await res.json()) as Answer;
        })
        .catch(async () => {
          const company = await fetchCompanyEmbed(API_URL, options.company);
          return company && { company, screen: null };
        }),
    };
  }
  return screens[url];
}
