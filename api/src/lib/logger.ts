import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: pino.Level | 'silent'): Logger {
  return pino({
    level,
    base: { service: 'consign-api' },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      remove: true,
    },
  });
}
