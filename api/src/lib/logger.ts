import { createHash } from 'node:crypto';
import pino from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;

/**
 * Email addresses never reach the log: operators correlate with this short hash instead
 * (the same address always gives the same value: `logHash('someone@example.com')`).
 */
export function logHash(value: string): string {
  return `sha256:${createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 16)}`;
}

/**
 * A safety net under the rule that log lines name ids, not people: fields that commonly carry
 * personal data are hashed (emails) or dropped wherever they appear.
 */
const PERSONAL_FIELDS = ['email', 'to', 'payer', 'event', 'name', 'phone', 'address'];

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
      censor: (value) => (typeof value === 'string' && value.includes('@') ? logHash(value) : '[redacted]'),
    },
  };
  if (typeof output === 'object') return pino(options, output);
  if (output === 'json') return pino(options);
  // In-process and synchronous (no worker thread), so the bundled build needs nothing extra
  // and nothing is lost when the process exits right after logging a start-up error.
  return pino(options, pretty({ colorize: true, sync: true, ignore: 'pid,hostname,service' }));
}
