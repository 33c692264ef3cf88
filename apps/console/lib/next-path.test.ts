import { describe, expect, it } from 'vitest';
import { safeNext } from './next-path';

describe('safeNext: where sign-in may send you', () => {
  it.each([
    ['/leads?status=new', '/leads?status=new'],
    ['/orders/1042', '/orders/1042'],
    [['/dispatch', '/x'], '/dispatch'],
    [undefined, '/'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['leads', '/'],
    // What browsers read as another origin: control characters are dropped, a backslash is a slash.
    ['/\t/example.org', '/'],
    ['/\n/example.org', '/'],
    ['/\r\n/example.org', '/'],
    ['/\u0000/example.org', '/'],
    ['/leads\nLocation: https://evil.example', '/'],
    ['\\/example.org', '/'],
    ['/\\/example.org', '/'],
    ['/x\\..\\..\\/example.org', '/'],
    ['//\\example.org', '/'],
    ['/./..//example.org', '/'],
    ['/leads/../..//example.org', '/'],
    ['///example.org', '/'],
    // Encoded forms stay encoded: a path on this app, never decoded into a host.
    ['/%2F%2Fexample.org', '/%2F%2Fexample.org'],
    ['/%09/example.org', '/%09/example.org'],
    ['/%5C%5Cexample.org', '/%5C%5Cexample.org'],
    ['/orders/1042?tab=timeline#payment', '/orders/1042?tab=timeline#payment'],
  ])('%j → %s', (next, expected) => {
    expect(safeNext(next as string)).toBe(expected);
  });
});
