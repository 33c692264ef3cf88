import type { Db } from '../../db/client';
import { findSessionWithOrder } from '../../db/repositories/sessions';
import { DomainError } from '../../domain/errors';
import type { Scope } from '../../domain/scope';

/** GET /sessions/{session_id}: where a booking attempt stands, with its order's number once made. */
export async function getSession(db: Db, scope: Scope, sessionId: string) {
  const found = await findSessionWithOrder(db, scope.companyId, sessionId);
  if (!found) throw new DomainError('not_found', 'No session with this id for this company.', { field: 'session_id' });
  return found;
}
