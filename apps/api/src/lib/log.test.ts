import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logFormat } from './log';

function capture(env: Record<string, string>) {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d) => (text += d));
  return { logger: createLogger(env, out), text: () => text };
}

describe('the logger', () => {
  it('writes JSON in production and readable lines elsewhere, unless told', () => {
    expect(logFormat({ NODE_ENV: 'production' })).toBe('json');
    expect(logFormat({})).toBe('pretty');
    expect(logFormat({ NODE_ENV: 'production', SVC_LOG_FORMAT: 'pretty' })).toBe('pretty');
  });

  it('censors secrets and customer details wherever a caller puts them, and errors keep no values', () => {
    const { logger, text } = capture({ NODE_ENV: 'production' });
    const err = new Error('duplicate key "pat@example.com" for svc_live_abcdef123');
    logger.error(
      {
        err,
        authorization: 'Bearer svc_live_abcdef123',
        customer: { name: 'Pat Doe', email: 'pat@example.com', phone: '+1 212 555 0199' },
        body: { delivery_address: '12 Hidden Lane', client_secret: 'pi_1_secret_2' },
        request_id: 'req-1',
      },
      'unexpected error',
    );
    const line = JSON.parse(text().trim());
    expect(line).toMatchObject({ level: 'error', msg: 'unexpected error', request_id: 'req-1' });
    for (const value of [
      'svc_live_abcdef123',
      'pat@example.com',
      'Pat Doe',
      '555 0199',
      '12 Hidden Lane',
      'pi_1_secret_2',
    ]) {
      expect(text()).not.toContain(value);
    }
    expect(line.authorization).toBe('[redacted]');
    expect(line.err).toContain('Error: duplicate key');
  });

  it('logs at LOG_LEVEL and above', () => {
    const { logger, text } = capture({ NODE_ENV: 'production', LOG_LEVEL: 'warn' });
    logger.info('quiet');
    logger.warn('heard');
    expect(text()).not.toContain('quiet');
    expect(text()).toContain('heard');
  });
});
