export const dynamic = 'force-dynamic';

/** Liveness: the pages' server answers (docs/deploy.md). */
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
