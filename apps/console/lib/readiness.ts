/**
 * A /readyz answer: each check's state (`ok`, or why not in a few words, never an address), 503 unless all
 * are ok or the server is shutting down (server/next-server.ts sets the flag on SIGTERM).
 */
export async function readiness(checks: Record<string, () => Promise<string>>): Promise<Response> {
  const states: Record<string, string> = {};
  for (const [name, check] of Object.entries(checks)) states[name] = await check().catch(() => 'failing');
  if ((globalThis as { [key: symbol]: boolean | undefined })[Symbol.for('svc.draining')]) states.shutdown = 'draining';
  const ready = Object.values(states).every((s) => s === 'ok');
  return Response.json(
    { status: ready ? 'ready' : 'not_ready', checks: states },
    { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
