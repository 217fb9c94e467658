import { createHash } from 'node:crypto';
import pino from 'pino';

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

export function createLogger(level: pino.Level | 'silent', destination?: pino.DestinationStream): Logger {
  return pino(
    {
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
    },
    destination,
  );
}
