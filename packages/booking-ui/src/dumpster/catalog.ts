import type { Availability, BookingClient, Company, Materials, Quote, Size } from '@svc/sdk';
import { type Answers, EMPTY_ANSWERS, resolveDebris } from './answers';
import { asksPlacement } from './placement';

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
  // A company without permit rules never asks where it sits (a placement left in a link is not sent).
  if (!asksPlacement(data.profile)) answers.placement = '';
  if (answers.sizeYards === null || !data.sizes.some((s) => s.yards === answers.sizeYards)) {
    answers.sizeYards = (data.sizes.find((s) => s.is_default) ?? data.sizes[0])?.yards ?? null;
  }
  return answers;
}
