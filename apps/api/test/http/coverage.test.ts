import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/contract/errors';
import { ERROR_CODES, type ErrorCode } from '../../src/domain/errors';
import { codesSeen, served } from '../support/codes-seen';

/**
 * Guards the suite itself: every declared error code must have been answered to a real request of this
 * run (the suite's client records each error body it gets; this file runs after both HTTP lanes, see vitest.config.ts).
 * A new code cannot slip in untested. The exemptions are codes no test can cause on purpose.
 */
const EXEMPT: Partial<Record<ErrorCode, string>> = {
  internal:
    'an unexpected failure of ours; the client fails any 500 it gets, and log-hygiene.test.ts checks what such a failure logs',
};

describe('error code coverage', () => {
  it('every declared code was answered to a request of this run, with its declared status', () => {
    const seen = codesSeen();
    const missing = ERROR_CODES.filter((code) => !seen.has(code) && !(code in EXEMPT));
    expect(missing, 'declared codes no HTTP test was answered with (run the whole HTTP suite)').toEqual([]);
    for (const code of seen) expect(ERROR_CODES, `an undeclared code was answered: ${code}`).toContain(code);
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    // Both pairings of servedPairs (Next on PGlite, standalone on PostgreSQL in CI) answered this run.
    expect(served().size).toBeGreaterThanOrEqual(2);
  });

  it('keeps its exemptions few and explained', () => {
    expect(Object.keys(EXEMPT).length).toBeLessThanOrEqual(3);
    for (const reason of Object.values(EXEMPT)) expect(reason.length).toBeGreaterThan(20);
  });
});
