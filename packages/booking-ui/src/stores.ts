import { readJson, writeJson } from './storage';

/**
 * Where the answers survive a reload. The hosted page keeps the non-private answers in its own URL (a link
 * that can be shared or bookmarked) and the rest in the tab's sessionStorage; the widget, a guest on
 * someone else's page, keeps everything in sessionStorage. Each form gives its codec: how its answers read
 * from and write to query parameters, and which of them identify a person.
 */
export type AnswerStore<T> = {
  load(): Partial<T>;
  save(answers: T): void;
};

export type AnswerCodec<T> = {
  fromParams(get: (name: string) => string | null): Partial<T>;
  toParams(answers: T): [string, string][];
  privateFields: readonly (keyof T)[];
};

function pickPrivate<T>(a: Partial<T>, fields: readonly (keyof T)[]): Partial<T> {
  const out: Partial<T> = {};
  for (const k of fields) if (a[k] !== undefined) out[k] = a[k];
  return out;
}

export function sessionStore<T>(key: string): AnswerStore<T> {
  return {
    load: () => readJson<Partial<T>>(key) ?? {},
    save: (answers) => writeJson(key, answers),
  };
}

/** The hosted page: non-private answers in the query string (replaceState), private ones in the tab. */
export function urlStore<T>(key: string, codec: AnswerCodec<T>, keep: readonly string[] = ['company', 'preview']) {
  return {
    load() {
      const params = new URL(window.location.href).searchParams;
      return {
        ...codec.fromParams((n) => params.get(n)),
        ...pickPrivate(readJson<Partial<T>>(key) ?? {}, codec.privateFields),
      };
    },
    save(answers: T) {
      const url = new URL(window.location.href);
      const next = new URLSearchParams();
      // The page's own parameters and the visit's utm_* stay; the answers are written after them.
      for (const [name, value] of url.searchParams) {
        if (keep.includes(name) || name.startsWith('utm_')) next.set(name, value);
      }
      for (const [name, value] of codec.toParams(answers)) next.set(name, value);
      url.search = next.toString();
      if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
      writeJson(key, pickPrivate(answers, codec.privateFields));
    },
  } satisfies AnswerStore<T>;
}
