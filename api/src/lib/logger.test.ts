import { describe, expect, it } from 'vitest';
import { createLogger, defaultLogFormat } from './logger';

describe('logger', () => {
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
