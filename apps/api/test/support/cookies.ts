/**
 * The cookies a response sets, kept as name → value (a cleared one is dropped): the console's cookie jar for
 * the HTTP suite (support/console.ts) and the soak's office (soak/load-console.ts).
 */
export function applySetCookies(jar: Map<string, string>, headers: Headers) {
  for (const line of headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (!value || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}
