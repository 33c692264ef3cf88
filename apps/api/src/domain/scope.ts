import type { Catalog } from './catalog';

/**
 * Who acts. Made once at each edge: the key gate (a Booking API or Data API key), the console gate (a
 * signed-in member), the svc CLI (the operator at the machine); use cases read it for audit trails and
 * role rules, never to find the company again.
 */
export type Actor =
  | { kind: 'key'; keyId: string; keyKind: 'publishable' | 'server' | 'data' }
  | { kind: 'member'; userId: string; role: 'owner' | 'staff' | 'driver'; email: string; name: string }
  | { kind: 'cli' };

/** The company a call is for and who acts for it: every use case of a company takes one. */
export type Scope = { companyId: string; actor: Actor };

/**
 * A scope whose company's catalog the edge already holds (the key gates resolve it from the registry's
 * cache): what the Booking API's and the Data API's use cases take.
 */
export type CatalogScope = Scope & { catalog: Catalog };

/** The user behind a member's scope (audit rows name them); null for a key or the CLI. */
export const actingUser = (scope: Scope): string | null => (scope.actor.kind === 'member' ? scope.actor.userId : null);
