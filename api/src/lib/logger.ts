import pino from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;

export type LogFormat = 'json' | 'pretty';

/**
 * JSON lines for machines (log shippers, `docker logs`), readable lines for a person at a
 * terminal: the start-up log says which providers are in use, and that should be legible.
 */
export function defaultLogFormat(stream: { isTTY?: boolean } = process.stdout): LogFormat {
  return stream.isTTY ? 'pretty' : 'json';
}

export function createLogger(level: pino.Level | 'silent', format: LogFormat = 'json'): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'consign-api' },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      remove: true,
    },
  };
  if (format === 'json') return pino(options);
  // In-process and synchronous (no worker thread), so the bundled build needs nothing extra
  // and nothing is lost when the process exits right after logging a start-up error.
  return pino(options, pretty({ colorize: true, sync: true, ignore: 'pid,hostname,service' }));
}
