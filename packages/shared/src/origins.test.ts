import { describe, expect, it } from 'vitest';
import { formatOriginPattern, originAllowed, parseOriginPattern } from './origins';

describe('origin patterns', () => {
  it.each([
    ['https://Shop.Example/', 'https://shop.example'],
    ['https://shop.example:443', 'https://shop.example'],
    ['http://127.0.0.1:*', 'http://127.0.0.1:*'],
    ['http://localhost:8080', 'http://localhost:8080'],
  ])('normalises %s to %s', (raw, stored) => {
    const parsed = parseOriginPattern(raw);
    expect('error' in parsed ? parsed.error : formatOriginPattern(parsed)).toBe(stored);
  });

  it.each(['https://*.shop.example', 'shop.example', 'https://shop.example/path', 'ftp://shop.example', '*'])(
    'refuses %s',
    (raw) => {
      expect(parseOriginPattern(raw)).toHaveProperty('error');
    },
  );

  it.each([
    ['https://shop.example', true],
    ['http://127.0.0.1:5173', true],
    ['http://127.0.0.1', true],
    ['https://shop.example.evil.example', false],
    ['https://evilshop.example', false],
    ['http://shop.example', false],
    ['http://127.0.0.2:5173', false],
    ['null', false],
  ])('origin %s allowed: %s', (origin, allowed) => {
    expect(originAllowed(origin, ['https://shop.example', 'http://127.0.0.1:*'])).toBe(allowed);
  });
});
