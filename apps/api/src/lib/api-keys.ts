import { createHash, randomBytes } from 'node:crypto';

export const KEY_PREFIX = {
  publishable: 'svc_pk_live_',
  server: 'svc_sk_booking_',
  data: 'svc_live_',
} as const;
export type KeyKind = keyof typeof KEY_PREFIX;

/** A new key: its prefix and 32 URL-safe random characters (192 bits). */
export function generateKey(kind: KeyKind): string {
  return `${KEY_PREFIX[kind]}${randomBytes(24).toString('base64url')}`;
}

/** The SHA-256 hex fingerprint: the only form a secret key is kept in. */
export function fingerprint(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What a listing shows of a key: its prefix and its last four characters. */
export function displayKey(key: string): string {
  const kind = keyKind(key);
  return `${kind ? KEY_PREFIX[kind] : ''}…${key.slice(-4)}`;
}

/** The kinds with their prefixes, listed once: every keyed request asks. */
const PREFIXES = Object.entries(KEY_PREFIX) as [KeyKind, string][];

export function keyKind(key: string): KeyKind | null {
  // svc_live_ is a prefix of neither of the others, so the order does not matter.
  for (const [kind, prefix] of PREFIXES) {
    if (key.startsWith(prefix)) return kind;
  }
  return null;
}

/**
 * An allowed-domain entry as the company writes it ("example.com", "*.example.com", "localhost:3000",
 * "https://shop.example.com/") reduced to host[:port], lower case; null when it is not a domain.
 */
export function normalizeDomain(entry: string): string | null {
  const value = entry
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  return /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(value) ? value : null;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An Origin header as browsers send it, or null: scheme, lower-case host and port only, written exactly as
 * the URL standard serializes it. Credentials (`http://evil.com@localhost`), hex or decimal IPv4 hosts, a
 * default port spelled out, a path or upper case are spellings no browser sends, so they are refused
 * rather than read as the host they resolve to.
 */
export function canonicalOrigin(origin: string): URL | null {
  try {
    const url = new URL(origin);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

/**
 * Whether a browser Origin is on a list of allowed domains. An entry without a port matches any port;
 * "*.example.com" matches subdomains, not example.com itself. Only https origins count, except local
 * development hosts, which may use http.
 */
export function originAllowed(origin: string, domains: readonly string[]): boolean {
  const url = canonicalOrigin(origin);
  if (!url) return false;
  const host = url.hostname;
  const local = LOCAL_HOSTS.has(host);
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) return false;
  return domains.some((entry) => {
    const [pattern, port] = entry.split(/:(?=\d+$)/) as [string, string | undefined];
    if (port && port !== (url.port || (url.protocol === 'https:' ? '443' : '80'))) return false;
    if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1));
    return host === pattern;
  });
}

/**
 * Whether a browser Origin is the platform's own hosted booking page (always allowed for publishable keys,
 * and recorded as booking channel 'link'). Loopback spellings count as one host, as in originAllowed.
 */
export function isHostedOrigin(origin: string, hostedBaseUrl: string): boolean {
  const a = canonicalOrigin(origin);
  let b: URL;
  try {
    b = new URL(hostedBaseUrl);
  } catch {
    return false;
  }
  if (!a) return false;
  if (a.origin === b.origin) return true;
  return LOCAL_HOSTS.has(a.hostname) && LOCAL_HOSTS.has(b.hostname) && a.protocol === b.protocol && a.port === b.port;
}

/** Whether a page may use a publishable key with these allowed domains: ours always, others when listed. */
export function pageMayUseKey(origin: string, domains: readonly string[], hostedBaseUrl: string): boolean {
  return isHostedOrigin(origin, hostedBaseUrl) || originAllowed(origin, domains);
}

/** A company's hosted booking page (spec: {hosted_base_url}/book?company=<slug>). */
export function hostedPageUrl(hostedBaseUrl: string, slug: string): string {
  return `${hostedBaseUrl}/book?company=${encodeURIComponent(slug)}`;
}

/** An allowed-domain entry as its host pattern and its port (undefined: any port). */
const entryParts = (entry: string) => entry.split(/:(?=\d+$)/) as [string, string | undefined];

/**
 * Whether a list of allowed domains lets in every page one entry lets in: the same entry, an entry without
 * a port for one with a port, `*.example.com` for `shop.example.com` or for `*.shop.example.com`.
 */
export function entryCovered(entry: string, domains: readonly string[]): boolean {
  const [pattern, port] = entryParts(entry);
  return domains.some((other) => {
    const [otherPattern, otherPort] = entryParts(other);
    if (otherPort !== undefined && otherPort !== port) return false;
    if (otherPattern === pattern) return true;
    return otherPattern.startsWith('*.') && pattern.endsWith(otherPattern.slice(1));
  });
}

/**
 * For each of a company's active publishable keys (newest first, as the embed lookup picks them): the
 * entries whose pages it serves (no newer key lets them in) and those no other key lets in (revoking it
 * stops the widget there).
 */
export function domainsServed<K extends { id: string; allowedDomains: readonly string[] }>(keysNewestFirst: K[]) {
  return new Map(
    keysNewestFirst.map((key, i) => {
      const newer = keysNewestFirst.slice(0, i).flatMap((k) => k.allowedDomains);
      const others = keysNewestFirst.filter((k) => k !== key).flatMap((k) => k.allowedDomains);
      return [
        key.id,
        {
          serves: key.allowedDomains.filter((d) => !entryCovered(d, newer)),
          onlyKeyFor: key.allowedDomains.filter((d) => !entryCovered(d, others)),
        },
      ];
    }),
  );
}
