import { parseOrigin } from '@consign/shared/checkout-messages';
import { describe, expect, it } from 'vitest';

describe('parseOrigin', () => {
  it.each([
    ['https://consign.example', 'https://consign.example'],
    ['https://consign.example/', 'https://consign.example'],
    ['https://Consign.Example:443', 'https://consign.example'],
    ['http://localhost:3000', 'http://localhost:3000'],
  ])('accepts %s as %s', (input, origin) => {
    expect(parseOrigin(input)).toBe(origin);
  });

  it.each([
    'https://consign.example/checkout',
    'https://consign.example?x=1',
    'https://consign.example#top',
    'https://user:pw@consign.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'consign.example',
    '',
    '*',
    undefined,
    42,
  ])('refuses %s', (input) => {
    expect(parseOrigin(input)).toBeNull();
  });
});
