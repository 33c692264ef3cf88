import type { Context } from 'hono';
import { DomainError } from '../domain/errors';

/**
 * Who may call an operation, declared with it (`route(op, handler, { role: 'owner' })`) and enforced here,
 * once its request is checked and before its handler runs: a member of another role gets 403 `forbidden` with the
 * operation's `refusal` (or a sentence saying who can). Operations without a role take every caller the
 * surface's gate let in, except a driver: a driver's account calls only the operations that say
 * `drivers: true` (its route, its stops, who it is), so a new office operation is closed to drivers unless
 * it opens itself (docs/decisions/drivers-day.md).
 */
export type Guard = { role?: 'owner'; drivers?: true; refusal?: string };

/** Refuses a caller whose role is not the operation's: only the console's members carry one. */
export function requireRole(c: Context, guard: Guard | undefined) {
  const actor = (c.get('scope' as never) as { actor?: { kind: string; role?: string } } | undefined)?.actor;
  if (actor?.kind === 'member' && actor.role === 'driver' && !guard?.drivers) {
    throw new DomainError('forbidden', "A driver's account opens the day's route only; ask the office for the rest.");
  }
  if (!guard?.role) return;
  if (actor?.kind === 'member' && actor.role === guard.role) return;
  throw new DomainError(
    'forbidden',
    guard.refusal ?? 'Only an owner of the company can do this; ask an owner to do it or to make you one.',
  );
}
