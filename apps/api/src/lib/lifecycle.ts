/**
 * Whether this process is shutting down: set on SIGTERM (server/standalone.ts, server/next-server.ts),
 * read by /readyz, which then answers 503 so a load balancer stops sending while requests in flight finish.
 * On globalThis: Next's server and the route bundles it loads are one process but not one module graph.
 */
const KEY = Symbol.for('svc.draining');
type Holder = { [KEY]?: boolean };

export const isDraining = () => (globalThis as Holder)[KEY] === true;

export function startDraining() {
  (globalThis as Holder)[KEY] = true;
}
