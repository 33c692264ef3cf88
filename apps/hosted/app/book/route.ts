import { servePage } from '../../lib/pages';

export const dynamic = 'force-dynamic';

/** /book?company=<slug>: the company's dumpster booking page (spec: "Widget and hosted pages"). */
export function GET(request: Request) {
  return servePage(request, 'dumpster', new URL(request.url).searchParams.get('company'));
}
