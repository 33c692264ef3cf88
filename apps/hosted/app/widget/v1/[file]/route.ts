import { fromWidgetFiles, javascript } from '../../../../lib/widget-response';

export const dynamic = 'force-dynamic';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The stable URL a site owner pastes: browsers recheck it every few minutes, so fixes reach every site. */
const STABLE = 'public, max-age=300, stale-while-revalidate=86400';

/**
 * The widget's loader:
 *   /widget/v1/booking.js                 at the stable URL of the embed tag
 *   /widget/v1/booking.<hash>.js          the same loader, pinned to this version (cached for a year)
 * The flows it imports are under /widget/v1/flow/ (flow/[file]/route.ts).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  return fromWidgetFiles(({ loader }) => {
    if (file === 'booking.js') return javascript(loader.body, STABLE);
    if (file === `booking.${loader.hash}.js`) return javascript(loader.body, IMMUTABLE);
    return javascript('// no such widget file\n', 'no-store', 404);
  });
}
