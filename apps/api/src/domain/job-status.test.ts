import { describe, expect, it } from 'vitest';
import { checkJobMove, JUNK_JOB_STATUSES, type JunkJobStatus, jobMovesFrom } from './job-status';

/** Every status × every status: the moves the office may make (docs/decisions/junk-job-moves.md). */
const ALLOWED: Record<JunkJobStatus, JunkJobStatus[]> = {
  confirmed: ['scheduled', 'en_route', 'canceled'],
  scheduled: ['en_route', 'confirmed', 'canceled'],
  en_route: ['completed', 'scheduled', 'canceled'],
  completed: [],
  canceled: [],
};

describe('junk job moves', () => {
  for (const from of JUNK_JOB_STATUSES) {
    it.each(JUNK_JOB_STATUSES.map((to) => [to, ALLOWED[from].includes(to)] as const))(
      `${from} → %s allowed: %s`,
      (to, allowed) => {
        if (allowed) expect(checkJobMove(1001, from, to)).toBe(to);
        else expect(() => checkJobMove(1001, from, to)).toThrow(/Job #1001/);
      },
    );
  }

  it('the table is the rule', () => {
    for (const from of JUNK_JOB_STATUSES) expect([...jobMovesFrom(from)].sort()).toEqual([...ALLOWED[from]].sort());
  });

  it.each([
    ['pending_risk_review', 'scheduled', /held for fraud review: approve it first \(svc jobs approve\)/],
    ['en_route', 'en_route', /Job #1001 is already en route\./],
    ['completed', 'scheduled', /is completed, which is final/],
    ['confirmed', 'completed', /is confirmed: it can move to scheduled, en route, canceled, not completed\./],
    ['confirmed', 'done', /"done" is not a job status/],
  ])('%s → %s is refused, saying why', (from, to, message) => {
    expect(() => checkJobMove(1001, from, to)).toThrow(message);
  });
});
