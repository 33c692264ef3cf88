import type { Db } from '../../db/client';
import { findSessionWithOrder } from '../../db/repositories/sessions';
import type { Catalog } from '../../domain/catalog';
import { DomainError } from '../../domain/errors';

/** GET /sessions/{session_id}: where a booking attempt stands, with its order's number once made. */
export async function getSession(db: Db, catalog: Catalog, sessionId: string) {
  const found = await findSessionWithOrder(db, catalog.company.id, sessionId);
  if (!found) throw new DomainError('not_found', 'No session with this id for this company.', { field: 'session_id' });
  return found;
}
