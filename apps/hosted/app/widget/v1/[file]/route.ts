import { widgetFiles } from '../../../../lib/widget';

export const dynamic = 'force-dynamic';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The stable URL a site owner pastes: browsers recheck it every few minutes, so fixes reach every site. */
const STABLE = 'public, max-age=300, stale-while-revalidate=86400';

/**
 * The widget's scripts:
 *   /widget/v1/booking.js                 the loader, at the stable URL of the embed tag
 *   /widget/v1/booking.<hash>.js          the same loader, pinned to this version (cached for a year)
 *   /widget/v1/booking-flow.<hash>.js     the booking flow the loader fetches (cached for a year)
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  let files: ReturnType<typeof widgetFiles>;
  try {
    files = widgetFiles();
  } catch {
    return new Response('// the widget is not built: run the build of @svc/widget\n', {
      status: 503,
      headers: js('no-store'),
    });
  }
  const { loader, flow } = files;
  if (file === 'booking.js') return new Response(loader.body, { headers: js(STABLE) });
  if (file === `booking.${loader.hash}.js`) return new Response(loader.body, { headers: js(IMMUTABLE) });
  if (file === `booking-flow.${flow.hash}.js`) return new Response(flow.body, { headers: js(IMMUTABLE) });
  return new Response('// no such widget file\n', { status: 404, headers: js('no-store') });
}

function js(cacheControl: string): HeadersInit {
  return {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': cacheControl,
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
  };
}
