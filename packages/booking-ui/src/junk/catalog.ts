import type { BookingClient, Company, JunkAvailability, JunkConfig, JunkQuote } from '@svc/sdk';
import { EMPTY_JUNK, type JunkAnswers, windowEnds } from './answers';

/** What the junk form works from: the company (its phone), loads and rules, and the days with their seats. */
export type JunkLoaded = { profile: Company; config: JunkConfig; availability: JunkAvailability };

/** What the page's server renders the form with: the data, the starting answers and their quote. */
export type JunkPreload = { data: JunkLoaded; answers: JunkAnswers; quote: JunkQuote | null };

export function loadJunk(client: BookingClient): Promise<JunkLoaded> {
  return Promise.all([client.company(), client.junkConfig(), client.junkAvailability()]).then(
    ([profile, config, availability]) => ({ profile, config, availability }),
  );
}

/**
 * The answers to start from: the page's, then the stored ones, checked against the company's loads and
 * days (a load no longer offered, or a day or window no longer open, is dropped). With no load chosen, the
 * 1/4 truck (else the first load) is suggested, so the first paint shows a real total.
 */
export function startingJunk(data: JunkLoaded, ...sources: Partial<JunkAnswers>[]): JunkAnswers {
  const answers: JunkAnswers = Object.assign({ ...EMPTY_JUNK }, ...sources);
  const loads = data.config.loads;
  if (!loads.some((l) => l.load_fraction === answers.load)) {
    answers.load = (loads.find((l) => l.load_fraction === '1/4') ?? loads[0])?.load_fraction ?? '';
  }
  const day = data.availability.days.find((d) => d.date === answers.date);
  if (!day?.open) {
    answers.date = '';
    answers.window = '';
  } else {
    const w = windowEnds(answers.window);
    const open = w && day.windows.some((x) => x.start === w.start && x.end === w.end && x.remaining > 0);
    if (!open) answers.window = '';
  }
  return answers;
}
