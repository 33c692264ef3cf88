import { expect, it } from 'vitest';
import { safeError } from './safe-log';

it('a failed query is logged without its parameters or quoted values', () => {
  const cause = Object.assign(new Error('invalid input syntax for type uuid: "pat@example.com"'), { code: '22P02' });
  const err = Object.assign(new Error('Failed query: insert into x values ($1)\nparams: Pat Doe,pi_sbx_1_secret_2'), {
    query: 'insert into x values ($1)',
    params: ['Pat Doe', 'pi_sbx_1_secret_2'],
    cause,
  });
  const line = safeError(err);
  expect(line).toContain('insert into x values ($1)');
  expect(line).toContain('22P02');
  for (const value of ['Pat Doe', 'pi_sbx_1_secret_2', 'pat@example.com']) expect(line).not.toContain(value);
});

it('other errors keep their kind and frames, not keys or addresses', () => {
  const line = safeError(new TypeError('bad key svc_sk_booking_abcdef for jo@example.com'));
  expect(line).toMatch(/^TypeError: bad key svc_…/);
  expect(line).not.toContain('abcdef');
  expect(line).not.toContain('jo@example.com');
  expect(line).toContain('at ');
});
