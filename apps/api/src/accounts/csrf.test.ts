import { describe, expect, it } from 'vitest';
import { csrfCookieName, csrfTokenValid, issueCsrfToken } from './csrf';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('the console CSRF token', () => {
  const token = issueCsrfToken(SECRET, 'session-a');

  it.each([
    ['header equals the cookie, issued for this session', token, token, 'session-a', SECRET, true],
    ['no header', token, undefined, 'session-a', SECRET, false],
    ['no cookie', undefined, token, 'session-a', SECRET, false],
    ['header differs from the cookie', token, issueCsrfToken(SECRET, 'session-a'), 'session-a', SECRET, false],
    ['issued for another session', token, token, 'session-b', SECRET, false],
    ['signed with another secret', token, token, 'session-a', `${SECRET}!`, false],
    ['a made-up pair', 'abc.def', 'abc.def', 'session-a', SECRET, false],
    ['no signature', 'abc', 'abc', 'session-a', SECRET, false],
    ['an extra part', `${token}.x`, `${token}.x`, 'session-a', SECRET, false],
  ])('%s', (_name, cookie, header, session, secret, valid) => {
    expect(csrfTokenValid(secret, session, cookie, header)).toBe(valid);
  });

  it('a new token each time; __Host- prefixed on https', () => {
    expect(issueCsrfToken(SECRET, 'session-a')).not.toBe(token);
    expect(csrfCookieName(true)).toBe('__Host-svc-console.csrf');
    expect(csrfCookieName(false)).toBe('svc-console.csrf');
  });
});
