import type { Availability, BookingClient, Company, Materials, Quote, Size } from '@svc/sdk';
import { useRef } from 'react';
import type { Channel, CompanyEmbed } from '../engine/types';
import { useLoaded } from '../engine/use-loaded';
import type { AnswerStore } from '../stores';
import { type Answers, EMPTY_ANSWERS, resolveDebris } from './answers';
import { explainError } from './messages';

export type Loaded = { profile: Company; sizes: Size[]; materials: Materials; availability: Availability };

/** What the page's server renders the form with: the catalog, the answers and the first quote. */
export type DumpsterPreload = { data: Loaded; answers: Answers; quote: Quote | null };

/** The company's catalog: profile, sizes, materials and closed days. */
export function loadCatalog(client: BookingClient): Promise<Loaded> {
  return Promise.all([client.company(), client.sizes(), client.materials(), client.availability()]).then(
    ([profile, sizes, materials, availability]) => ({ profile, sizes, materials, availability }),
  );
}

/** The answers to start from: the page's (or the tag's), then the stored ones, checked against the catalog. */
export function startingAnswers(data: Loaded, ...sources: Partial<Answers>[]): Answers {
  const slugs = data.materials.materials.map((m) => m.slug);
  let answers: Answers = Object.assign({ ...EMPTY_ANSWERS }, ...sources);
  answers = resolveDebris(answers, slugs, data.materials.enabled);
  if (answers.sizeYards === null || !data.sizes.some((s) => s.yards === answers.sizeYards)) {
    answers.sizeYards = (data.sizes.find((s) => s.is_default) ?? data.sizes[0])?.yards ?? null;
  }
  return answers;
}

type Options = {
  apiBaseUrl: string;
  company: CompanyEmbed & { publishable_key: string };
  channel: Channel;
  initial?: Partial<Answers>;
  store: AnswerStore<Answers>;
  preloaded?: Loaded;
  onLoadError?(error: unknown): void;
  /** The catalog is here, with the answers to start from (stored answers win over the page's). */
  onLoaded(answers: Answers): Promise<void>;
};

/** The company's catalog, loaded once (or rendered with the page), and the answers restored against it. */
export function useCatalog(options: Options) {
  const latest = useRef(options);
  latest.current = options;
  return useLoaded<Loaded>({
    ...options,
    load: loadCatalog,
    onLoaded: (data) => {
      const { initial, store } = latest.current;
      return latest.current.onLoaded(startingAnswers(data, initial ?? {}, store.load()));
    },
    explain: (err) => explainError(err, { companyName: options.company.name, phone: null }).message,
  });
}
