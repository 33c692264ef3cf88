/** The tab's sessionStorage, where a booking in progress survives a reload; null when blocked. */
function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage blocked (privacy settings, sandboxed frames): the flow still works
  }
}

export function readJson<T>(key: string): T | null {
  try {
    const raw = session()?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    if (value === null) session()?.removeItem(key);
    else session()?.setItem(key, JSON.stringify(value));
  } catch {
    // full or blocked storage: the answers just do not survive a reload
  }
}
