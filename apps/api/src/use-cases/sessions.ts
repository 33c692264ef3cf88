import type { Db } from '../db/client';
import { findSessionWithOrder } from '../db/repositories/sessions';
import type { Catalog } from '../domain/catalog';
import { ApiError } from '../domain/errors';

/** GET /sessions/{session_id}: where a booking attempt stands. */
export async function getSession(db: Db, catalog: Catalog, sessionId: string) {
  const found = await findSessionWithOrder(db, catalog.company.id, sessionId);
  if (!found) throw new ApiError('not_found', 'No session with this id for this company.', { field: 'session_id' });
  const { session, orderNumber } = found;
  return {
    session_id: session.sessionId,
    state: session.state,
    payment_intent_id: session.paymentIntentId,
    order_number: orderNumber,
    order_id: session.orderId,
    last_error: session.lastError,
    updated_at: session.updatedAt.toISOString(),
    material: (session.material as { slug: string; label: string; acknowledged_at: string | null } | null) ?? null,
    amount_cents: session.amountCents,
  };
}
