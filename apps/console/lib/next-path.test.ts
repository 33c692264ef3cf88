import { describe, expect, it } from 'vitest';
import { safeNext } from './next-path';

describe('safeNext: where sign-in may send you', () => {
  it.each([
    ['/leads?status=new', '/leads?status=new'],
    ['/orders/1042', '/orders/1042'],
    [['/dispatch', '/x'], '/dispatch'],
    [undefined, '/needs-action'],
    [null, '/needs-action'],
    ['', '/needs-action'],
    ['https://evil.example/', '/needs-action'],
    ['//evil.example/path', '/needs-action'],
    ['/\\evil.example', '/needs-action'],
    ['javascript:alert(1)', '/needs-action'],
    ['leads', '/needs-action'],
    // What browsers read as another origin: control characters are dropped, a backslash is a slash.
    ['/\t/example.org', '/needs-action'],
    ['/\n/example.org', '/needs-action'],
    ['/\r\n/example.org', '/needs-action'],
    ['/\u0000/example.org', '/needs-action'],
    ['/leads\nLocation: https://evil.example', '/needs-action'],
    ['\\/example.org', '/needs-action'],
    ['/\\/example.org', '/needs-action'],
    ['/x\\..\\..\\/example.org', '/needs-action'],
    ['//\\example.org', '/needs-action'],
    ['/./..//example.org', '/needs-action'],
    ['/leads/../..//example.org', '/needs-action'],
    ['///example.org', '/needs-action'],
    // Encoded forms stay encoded: a path on this app, never decoded into a host.
    ['/%2F%2Fexample.org', '/%2F%2Fexample.org'],
    ['/%09/example.org', '/%09/example.org'],
    ['/%5C%5Cexample.org', '/%5C%5Cexample.org'],
    ['/orders/1042?tab=timeline#payment', '/orders/1042?tab=timeline#payment'],
  ])('%j → %s', (next, expected) => {
    expect(safeNext(next as string)).toBe(expected);
  });
});
