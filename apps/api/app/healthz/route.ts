export const dynamic = 'force-dynamic';

/** Liveness: the process answers, whatever its database does (/readyz says whether it can serve). */
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
