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
  ])('%j → %s', (next, expected) => {
    expect(safeNext(next as string)).toBe(expected);
  });
});
