import { describe, expect, it } from 'vitest';
import { connectionLost, idempotentRead, retryingRead } from './read-retry';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** drizzle's wrapper: the statement and its values in the message, the driver's error as its cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('connectionLost', () => {
  it.each([
    ['the server shutting down (57P01)', pgError('57P01', 'terminating connection due to administrator command'), true],
    ['the server starting up (57P03)', pgError('57P03', 'the database system is starting up'), true],
    ['a connection failure (08006)', pgError('08006'), true],
    ['the socket refused', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), true],
    ['the socket reset', pgError('ECONNRESET'), true],
    ['the connection ended under a statement', new Error('Connection terminated unexpectedly'), true],
    ['a client broken by it', new Error('Client has encountered a connection error and is not queryable'), true],
    ['a lost connection wrapped by drizzle', wrapped(pgError('57P01')), true],
    ['a unique violation (23505)', pgError('23505', 'duplicate key value'), false],
    ['a serialization failure (40001)', pgError('40001'), false],
    ['a statement timeout (57014)', pgError('57014', 'canceling statement due to statement timeout'), false],
    ['the pool busy past its wait', new Error('timeout exceeded when trying to connect'), false],
    ['a syntax error wrapped by drizzle', wrapped(pgError('42601')), false],
    ['not an error', 'Connection', false],
  ])('%s: %s', (_name, err, lost) => {
    expect(connectionLost(err)).toBe(lost);
  });
});

/** A statement that loses its connection `failures` times, then answers. */
function flaky(failures: number, error: unknown = pgError('ECONNREFUSED')) {
  const calls = { n: 0 };
  const run = async () => {
    calls.n++;
    if (calls.n <= failures) throw error;
    return 'rows';
  };
  return { run, calls };
}

describe('retryingRead', () => {
  it('runs an idempotent read again after lost connections, until it answers', async () => {
    const { run, calls } = flaky(3);
    await expect(idempotentRead(() => retryingRead(run))).resolves.toBe('rows');
    expect(calls.n).toBe(4);
  });

  it('gives up once the read budget is spent, with the error it met', async () => {
    const { run, calls } = flaky(100);
    await expect(idempotentRead(() => retryingRead(run), 350)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // 100 ms, then 200 ms; a third wait (400 ms) would pass the 350 ms allowed.
    expect(calls.n).toBe(3);
  });

  it('never runs a write again: outside an idempotent read the first error is the answer', async () => {
    const { run, calls } = flaky(1);
    await expect(retryingRead(run)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(calls.n).toBe(1);
  });

  it('never runs a read again for an error of the statement itself', async () => {
    const { run, calls } = flaky(1, pgError('23505'));
    await expect(idempotentRead(() => retryingRead(run))).rejects.toMatchObject({ code: '23505' });
    expect(calls.n).toBe(1);
  });
});
