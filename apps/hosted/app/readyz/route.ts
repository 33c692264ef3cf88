import { apiUrls } from '../../lib/config';
import { readiness } from '../../lib/readiness';
import { widgetFiles } from '../../lib/widget';

export const dynamic = 'force-dynamic';

/**
 * Readiness for a load balancer (docs/deploy.md): the widget's build is here and the API answers, since
 * every page asks it for the company first. 503 with each check's state otherwise, or while shutting down.
 */
export function GET() {
  return readiness({
    widget: async () => (widgetFiles().entries.dumpster.file ? 'ok' : 'missing'),
    api: async () => apiAnswers(apiUrls().internal),
  });
}

async function apiAnswers(base: string) {
  const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000), cache: 'no-store' });
  return res.ok ? 'ok' : `answered ${res.status}`;
}
