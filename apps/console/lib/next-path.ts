/** Any origin will do: only whether a path stays on it matters. */
const HERE = 'http://console.invalid';

/**
 * Where to go after signing in: a path of this app only. A full URL, `//host`, `/\host`, and anything with a
 * control character or a backslash are refused: browsers drop tabs and line breaks from a URL and read `\`
 * as `/`, so `/\t/example.org` is `//example.org` to them, and a line break in a Location header is a 500.
 * The path is returned as the URL parser resolved it, so dot segments cannot turn it into `//host` either.
 */
export function safeNext(next: string | string[] | undefined | null, fallback = '/'): string {
  const value = Array.isArray(next) ? next[0] : next;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (!value?.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE || url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
