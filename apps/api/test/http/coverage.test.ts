import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { ERROR_STATUS } from '../../src/domain/errors';
import { repoRoot } from '../../src/lib/paths';

// Guards the suite itself: every error code this endpoints can answer is named by a test
// that makes a real request, so a new code cannot slip in untested.
const TESTED_CODES = [
  'invalid_body',
  'invalid_parameter',
  'unauthorized',
  'origin_required',
  'origin_not_allowed',
  'secret_in_browser',
  'company_inactive',
  'not_found',
  'method_not_allowed',
  'material_not_allowed',
  'rate_limited',
  'booking_api_off',
  'booking_offline',
  'payments_not_ready',
  'date_past',
  'date_closed',
  'out_of_service_area',
  'promo_invalid',
  'account_customer',
  'already_authorized',
  'idempotency_conflict',
  'payment_intent_mismatch',
  'unconfirmed',
  'processing',
  'upstream',
] as const;

describe('error code coverage', () => {
  it('every code of the endpoints built so far appears in an HTTP test', () => {
    const dir = `${repoRoot()}/apps/api/test/http`;
    const sources = ['auth', 'bad-input', 'read-side', 'runtime-changes', 'rate-limit', 'orders', 'upstream']
      .map((f) => readFileSync(`${dir}/${f}.test.ts`, 'utf8'))
      .join('\n');
    for (const code of TESTED_CODES) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(sources, code).toMatch(new RegExp(`'${code}'`));
    }
    expect(inject('targets').length).toBeGreaterThanOrEqual(2);
  });
});
