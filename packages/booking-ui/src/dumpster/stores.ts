import { readJson, writeJson } from '../storage';
import { type Answers, answersFromParams, answersToParams, PRIVATE_FIELDS } from './answers';

/**
 * Where the answers survive a reload. The hosted page keeps the non-private answers in its own URL (a link
 * that can be shared or bookmarked) and the rest in the tab's sessionStorage; the widget, a guest on
 * someone else's page, keeps everything in sessionStorage.
 */
export type AnswerStore = {
  load(): Partial<Answers>;
  save(answers: Answers): void;
};

function pickPrivate(a: Partial<Answers>): Partial<Answers> {
  const out: Record<string, unknown> = {};
  for (const k of PRIVATE_FIELDS) if (a[k] !== undefined) out[k] = a[k];
  return out as Partial<Answers>;
}

export function sessionStore(key: string): AnswerStore {
  return {
    load: () => readJson<Partial<Answers>>(key) ?? {},
    save: (answers) => writeJson(key, answers),
  };
}

/** The hosted page: non-private answers in the query string (replaceState), private ones in the tab. */
export function urlStore(key: string, keep: readonly string[] = ['company', 'preview']): AnswerStore {
  return {
    load() {
      const params = new URL(window.location.href).searchParams;
      return { ...answersFromParams((n) => params.get(n)), ...pickPrivate(readJson(key) ?? {}) };
    },
    save(answers) {
      const url = new URL(window.location.href);
      const next = new URLSearchParams();
      // The page's own parameters and the visit's utm_* stay; the answers are written after them.
      for (const [name, value] of url.searchParams) {
        if (keep.includes(name) || name.startsWith('utm_')) next.set(name, value);
      }
      for (const [name, value] of answersToParams(answers)) next.set(name, value);
      url.search = next.toString();
      if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
      writeJson(key, pickPrivate(answers));
    },
  };
}
