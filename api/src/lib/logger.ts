import { createHmac } from 'node:crypto';
import pino from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;

/** Turns an email address into the identifier the log shows in its place. */
export type LogHasher = (value: string) => string;

/**
 * Email addresses never reach the log: operators correlate with a keyed HMAC instead. The key
 * is derived from the signing secret, so nobody without it can test a guessed address against
 * the log (a plain hash of an address is a dictionary look-up away). The same address always
 * gives the same value on one deployment.
 */
export function logHasher(secret: string): LogHasher {
  const key = createHmac('sha256', secret).update('consign log identifiers v1').digest();
  return (value) =>
    `hmac:${createHmac('sha256', key).update(value.trim().toLowerCase()).digest('hex').slice(0, 16)}`;
}

/**
 * A safety net under the rule that log lines name ids, not people: fields that commonly carry
 * personal data are hashed (emails) or dropped wherever they appear.
 */
const PERSONAL_FIELDS = ['email', 'to', 'payer', 'event', 'name', 'phone', 'address', 'subject', 'link'];

export type LogFormat = 'json' | 'pretty';

/**
 * JSON lines for machines (log shippers, `docker logs`), readable lines for a person at a
 * terminal: the start-up log says which providers are in use, and that should be legible.
 */
export function defaultLogFormat(stream: { isTTY?: boolean } = process.stdout): LogFormat {
  return stream.isTTY ? 'pretty' : 'json';
}

/** `output` is a format for stdout, or a stream (tests read what was logged). */
export function createLogger(
  level: pino.Level | 'silent',
  output: LogFormat | pino.DestinationStream = 'json',
  hashAddress?: LogHasher,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'consign-api' },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.token',
        ...PERSONAL_FIELDS,
        ...PERSONAL_FIELDS.map((f) => `*.${f}`),
      ],
      censor: (value) =>
        typeof value === 'string' && value.includes('@') && hashAddress ? hashAddress(value) : '[redacted]',
    },
  };
  if (typeof output === 'object') return pino(options, output);
  if (output === 'json') return pino(options);
  // In-process and synchronous (no worker thread), so the bundled build needs nothing extra
  // and nothing is lost when the process exits right after logging a start-up error.
  return pino(options, pretty({ colorize: true, sync: true, ignore: 'pid,hostname,service' }));
}
