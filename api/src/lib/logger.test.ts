import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, defaultLogFormat, logHasher } from './logger';

const logHash = logHasher('a-signing-secret-that-is-long-enough-for-tests');

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', stream, logHash), lines };
}

describe('logger', () => {
  it('never writes email addresses or payer details, wherever a caller puts them', () => {
    const { logger, lines } = capture();
    logger.info(
      { to: 'Someone@Example.com', user: { email: 'someone@example.com', name: 'Sam Smith' } },
      'mail',
    );
    logger.error(
      { paymentId: 'p1', event: { resource: { payer: { email_address: 'payer@example.com' } } } },
      'x',
    );
    const text = lines.join('');
    expect(text).not.toMatch(/someone@example\.com|payer@example\.com|Sam Smith/i);
    expect(text).toContain(logHash('someone@example.com'));
    expect(text).toContain('"paymentId":"p1"');
  });

  it('identifies the same address the same way, so operators can still correlate', () => {
    expect(logHash(' A@Example.com ')).toBe(logHash('a@example.com'));
    expect(logHash('a@example.com')).toMatch(/^hmac:[0-9a-f]{16}$/);
  });

  it('keys the identifier with the secret: a plain hash of a guessed address does not match it', async () => {
    const { createHash } = await import('node:crypto');
    const plain = createHash('sha256').update('a@example.com').digest('hex').slice(0, 16);
    expect(logHash('a@example.com')).not.toContain(plain);
    expect(logHasher('another-secret-that-is-long-enough-for-tests')('a@example.com')).not.toBe(
      logHash('a@example.com'),
    );
  });
});

describe('log format', () => {
  it('is pretty at a terminal and JSON otherwise', () => {
    expect(defaultLogFormat({ isTTY: true })).toBe('pretty');
    expect(defaultLogFormat({ isTTY: false })).toBe('json');
    expect(defaultLogFormat({})).toBe('json');
  });

  it('builds both kinds at the configured level', () => {
    expect(createLogger('warn', 'pretty').level).toBe('warn');
    expect(createLogger('info').level).toBe('info');
  });
});
