import { servePage } from '../../../lib/pages';

export const dynamic = 'force-dynamic';

/** /junk-checkout/<slug>: the company's junk removal booking page (spec: "Widget and hosted pages"). */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  return servePage(request, 'junk', (await params).slug);
}
