import { DomainError } from './errors';
import { HELD_FOR_REVIEW } from './order-status';

/**
 * A junk removal job's statuses after booking, and the office's moves between them (docs/decisions/junk-job-moves.md). Jobs start confirmed (or held for fraud review, left only by release). A canceled job
 * gives its window's seat back (db/repositories/junk.ts counts every job but canceled ones).
 */
export const JUNK_JOB_STATUSES = ['confirmed', 'scheduled', 'en_route', 'completed', 'canceled'] as const;
export type JunkJobStatus = (typeof JUNK_JOB_STATUSES)[number];

/** Forward to the crew's arrival, a step back when the crew turns around, canceled until done. */
const MOVES: Record<JunkJobStatus, readonly JunkJobStatus[]> = {
  confirmed: ['scheduled', 'en_route', 'canceled'],
  scheduled: ['en_route', 'confirmed', 'canceled'],
  en_route: ['completed', 'scheduled', 'canceled'],
  completed: [],
  canceled: [],
};

export function jobMovesFrom(from: JunkJobStatus): readonly JunkJobStatus[] {
  return MOVES[from];
}

export function isJobStatus(value: string): value is JunkJobStatus {
  return (JUNK_JOB_STATUSES as readonly string[]).includes(value);
}

const say = (s: string) => s.replaceAll('_', ' ');

/** Whether the office may move job #`jobNumber` from its status to `to`; invalid_body (field status) if not. */
export function checkJobMove(jobNumber: number, from: string, to: string): JunkJobStatus {
  const refuse = (message: string, details: Record<string, unknown> = {}) =>
    new DomainError('invalid_body', message, { field: 'status', details: { from, to, ...details } });
  if (!isJobStatus(to)) throw refuse(`"${to}" is not a job status: use one of ${JUNK_JOB_STATUSES.join(', ')}.`);
  if (from === HELD_FOR_REVIEW) {
    throw refuse(`Job #${jobNumber} is held for fraud review: approve it first (svc jobs approve).`);
  }
  if (!isJobStatus(from)) throw refuse(`Job #${jobNumber} is ${say(from)}: it cannot be moved.`);
  if (from === to) throw refuse(`Job #${jobNumber} is already ${say(to)}.`);
  const allowed = MOVES[from];
  if (!allowed.includes(to)) {
    throw refuse(
      allowed.length
        ? `Job #${jobNumber} is ${say(from)}: it can move to ${allowed.map(say).join(', ')}, not ${say(to)}.`
        : `Job #${jobNumber} is ${say(from)}, which is final: it cannot move to ${say(to)}.`,
      { allowed },
    );
  }
  return to;
}
