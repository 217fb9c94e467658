import { describe, expect, it } from 'vitest';
import { sentenceCase } from './words';

describe('sentenceCase', () => {
  it.each([
    ['in_transit', 'In transit'],
    ['awaiting_payment', 'Awaiting payment'],
    ['service_type', 'Service type'],
    ['open', 'Open'],
    ['', ''],
  ])('%j -> %j', (key, expected) => {
    expect(sentenceCase(key)).toBe(expected);
  });
});
