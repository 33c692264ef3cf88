/**
 * Where a visitor came from: the landing page's utm_* parameters, its referrer and the page itself. Kept
 * for the tab (sessionStorage) from the first page that had them, so an ad click survives the visitor
 * browsing the site before booking. Sent with POST /intents; stored on the order; in the booking webhooks.
 */
export type Attribution = Partial<
  Record<
    'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content' | 'referrer' | 'landing_page',
    string
  >
>;

const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
const KEY = 'svc:attribution';

/** The attribution of one page view (pure: a URL and a referrer in, the fields the API takes out). */
export function attributionOf(href: string, referrer: string): Attribution {
  const url = new URL(href);
  const out: Attribution = {};
  for (const name of UTM) {
    const value = url.searchParams.get(name)?.trim();
    if (value) out[name] = value.slice(0, 200);
  }
  // A referrer from the same site is navigation, not a source.
  if (referrer && new URL(referrer, href).origin !== url.origin) out.referrer = referrer.slice(0, 2000);
  if (Object.keys(out).length === 0) return out;
  url.hash = '';
  out.landing_page = url.toString().slice(0, 2000);
  return out;
}

/** This tab's attribution: the first page view that had any, else this one's (usually nothing). */
export function rememberAttribution(win: Window): Attribution {
  const now = attributionOf(win.location.href, win.document.referrer);
  try {
    const saved = win.sessionStorage.getItem(KEY);
    if (saved) return JSON.parse(saved) as Attribution;
    if (Object.keys(now).length) win.sessionStorage.setItem(KEY, JSON.stringify(now));
  } catch {
    // storage blocked: this page view's attribution still goes with the booking
  }
  return now;
}
