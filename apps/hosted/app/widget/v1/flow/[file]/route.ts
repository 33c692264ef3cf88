import { archivedFlowFile } from '../../../../../lib/widget';
import { fromWidgetFiles, javascript } from '../../../../../lib/widget-response';

export const dynamic = 'force-dynamic';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ENTRY = /^(dumpster|junk)-[A-Z0-9]+\.js$/;

/**
 * The booking flows' ES modules (/widget/v1/flow/<name>-<hash>.js): a page's flow, the chunks it shares with
 * the other flow, and the card's component. Content-hashed names, so each is cached for a year.
 *
 * A file of another version (a page rendered by an instance of the previous deploy, its script asked of this
 * one) comes from the archive every instance shares (SVC_WIDGET_ARCHIVE_DIR, lib/widget.ts). Without one, a
 * flow entry of another version gets this version's entry of the same flow, never cached: the page still
 * hydrates, and the flow renders it again where the versions differ (docs/decisions/one-flow-per-page.md); its chunks cannot be found.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  return fromWidgetFiles((files) => {
    const body = files.flow.get(file) ?? archivedFlowFile(file);
    if (body !== undefined) return javascript(body, IMMUTABLE);
    const other = ENTRY.exec(file)?.[1] as 'dumpster' | 'junk' | undefined;
    const current = other && files.flow.get(files.entries[other].file);
    if (current) return javascript(current, 'no-store');
    return javascript('// no such widget file\n', 'no-store', 404);
  });
}
