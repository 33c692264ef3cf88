import { serveWidgetScreen } from '../../../../../../lib/widget-screen';

export const dynamic = 'force-dynamic';

/**
 * A widget's first screen (/widget/v1/companies/<slug>/first-screen?service=…): what the loader on a site
 * owner's page asks once, then draws (lib/widget-screen.ts).
 */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  return serveWidgetScreen(request, (await params).slug);
}
