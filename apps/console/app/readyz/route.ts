import { apiUrl } from '../../lib/config';
import { readiness } from '../../lib/readiness';

export const dynamic = 'force-dynamic';

/** Readiness for a load balancer (docs/deploy.md): the API the console forwards to answers. */
export function GET() {
  return readiness({
    api: async () => {
      const res = await fetch(`${apiUrl()}/healthz`, { signal: AbortSignal.timeout(2_000), cache: 'no-store' });
      return res.ok ? 'ok' : `answered ${res.status}`;
    },
  });
}
