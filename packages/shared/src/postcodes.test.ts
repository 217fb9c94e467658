import { describe, expect, it } from 'vitest';
import {
  compactPostcode,
  formatPostcode,
  isUkPostcode,
  looksLikePostcode,
  normalisePostcode,
  outwardCode,
  parsePostcode,
  postcodeArea,
} from './postcodes';

// The patterns each package wrote out before this module, kept here to prove the answers agree.
const PORTAL_SHAPE = /^[A-Z]{1,2}\d[A-Z\d]?\d[ABD-HJLNP-UW-Z]{2}$/;
const ROUTE_QUERY_PATTERN = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;

const SAMPLES = [
  'SW1A 1AA',
  'sw1a1aa',
  ' SW1A  1AA ',
  'SW1A\u00a01AA',
  'M1 1AE',
  'm11ae',
  'B33 8TH',
  'CR2 6XH',
  'DN55 1PT',
  'EC1A 1BB',
  'W1A 0AX',
  'BT1 5GS',
  'SW1A 1AC',
  'SW1A 1AI',
  'M1 1KO',
  'GIR 0AA',
  'BFPO 123',
  'ZZ9 9ZZ',
  'SW1A1A',
  'S W1A1AA',
  '12345',
  'ABC',
  '',
  '   ',
  'M1  1AE',
  'm1 1ae',
  'M11AE extra',
  'England',
  'AA99 9AA9',
];

describe('parsePostcode', () => {
  it.each([
    ['sw1a1aa', { postcode: 'SW1A 1AA', outward: 'SW1A', inward: '1AA', area: 'SW' }],
    [' SW1A  1AA ', { postcode: 'SW1A 1AA', outward: 'SW1A', inward: '1AA', area: 'SW' }],
    ['m11ae', { postcode: 'M1 1AE', outward: 'M1', inward: '1AE', area: 'M' }],
    ['B33 8TH', { postcode: 'B33 8TH', outward: 'B33', inward: '8TH', area: 'B' }],
    ['cr2 6xh', { postcode: 'CR2 6XH', outward: 'CR2', inward: '6XH', area: 'CR' }],
    ['DN55 1PT', { postcode: 'DN55 1PT', outward: 'DN55', inward: '1PT', area: 'DN' }],
    ['W1A 0AX', { postcode: 'W1A 0AX', outward: 'W1A', inward: '0AX', area: 'W' }],
  ])('%j -> %j', (input, parts) => {
    expect(parsePostcode(input)).toEqual(parts);
  });

  it.each(['SW1A 1AC', 'M1 1KO', 'GIR 0AA', 'BFPO 123', '12345', 'ABC', '', 'M11AE extra'])(
    'rejects %j',
    (input) => {
      expect(parsePostcode(input)).toBeNull();
    },
  );

  it('rejects what is not a string at all', () => {
    expect(parsePostcode(undefined as unknown as string)).toBeNull();
  });
});

describe('the shape answers as every earlier restatement did', () => {
  it.each(SAMPLES)('%j', (input) => {
    const compact = input.replace(/\s+/g, '').toUpperCase();
    const portalValid = PORTAL_SHAPE.test(compact);
    expect(compactPostcode(input)).toBe(compact);
    expect(isUkPostcode(input)).toBe(portalValid);
    expect(normalisePostcode(input)).toBe(
      portalValid ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : null,
    );
    expect(formatPostcode(input)).toBe(
      portalValid ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : input.trim(),
    );
    expect(looksLikePostcode(input)).toBe(ROUTE_QUERY_PATTERN.test(input));
  });
});

describe('outward code and area', () => {
  it('split a postcode', () => {
    expect(outwardCode('ec1a1bb')).toBe('EC1A');
    expect(postcodeArea('ec1a1bb')).toBe('EC');
    expect(outwardCode('nope')).toBeNull();
    expect(postcodeArea('nope')).toBeNull();
  });
});

describe('looksLikePostcode', () => {
  it('tells a postcode from a place name, leniently', () => {
    expect(looksLikePostcode('M1 1AE')).toBe(true);
    expect(looksLikePostcode('sw1a1ac')).toBe(true);
    expect(looksLikePostcode('England')).toBe(false);
    expect(looksLikePostcode(' M1 1AE')).toBe(false);
  });
});
