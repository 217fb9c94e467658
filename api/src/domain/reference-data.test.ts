import { describe, expect, it } from 'vitest';
import { UK_NATION_VALUES } from './nations';
import {
  COVER_TIERS,
  coverFeeFor,
  DEFAULT_DESTINATION,
  DESTINATION_CODES,
  DOCUMENT_TYPES,
  EXPORT_REASON_VALUES,
  EXPORT_REASONS,
  HS_CODE_CATEGORIES,
  INTERNATIONAL_DESTINATIONS,
  MANUFACTURE_COUNTRIES,
  PARTY_KINDS,
  REFERENCE_DATA,
  SERVICE_TYPES,
  UK_NATIONS,
  WEIGHT_OPTIONS,
} from './reference-data';
import { SERVICE_TYPE_VALUES } from './services';

// ICU names every assigned ISO 3166-1 alpha-2 region and echoes unknown codes back. It also
// names a few codes that are not assigned country codes (reserved or CLDR-only), listed here.
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const NOT_ASSIGNED = new Set([
  'UK',
  'EU',
  'EZ',
  'UN',
  'ZZ',
  'XA',
  'XB',
  'XK',
  'QO',
  'AC',
  'CP',
  'DG',
  'EA',
  'IC',
  'TA',
]);
const isAssignedRegion = (code: string) =>
  /^[A-Z]{2}$/.test(code) && !NOT_ASSIGNED.has(code) && regionNames.of(code) !== code;

function duplicates(values: readonly string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

describe.each([
  ['INTERNATIONAL_DESTINATIONS', INTERNATIONAL_DESTINATIONS],
  ['MANUFACTURE_COUNTRIES', MANUFACTURE_COUNTRIES],
])('%s', (_, countries) => {
  const codes = countries.map((country) => country.code);
  const names = countries.map((country) => country.name);

  it('has every ISO 3166-1 country and territory (249, less the UK for destinations)', () => {
    expect(countries.length).toBeGreaterThanOrEqual(248);
  });

  it('has unique, assigned ISO 3166-1 alpha-2 codes and unique names', () => {
    expect(duplicates(codes)).toEqual([]);
    expect(duplicates(names)).toEqual([]);
    // Kosovo's XK is user-assigned, not ISO, but the package lists it and couriers ship there.
    expect(codes.filter((code) => code !== 'XK' && !isAssignedRegion(code))).toEqual([]);
  });

  it('is sorted by name', () => {
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('international destinations', () => {
  it('defaults to Albania', () => {
    expect(DEFAULT_DESTINATION).toBe('AL');
    expect(INTERNATIONAL_DESTINATIONS).toContainEqual({ code: 'AL', name: 'Albania' });
  });

  it('uses the short names people look for', () => {
    for (const [code, name] of [
      ['US', 'United States'],
      ['FR', 'France'],
      ['KR', 'South Korea'],
      ['JE', 'Jersey'],
    ]) {
      expect(INTERNATIONAL_DESTINATIONS).toContainEqual({ code, name });
    }
  });

  it.each([
    'FR',
    'DE',
    'IE',
    'ES',
    'IT',
    'NL',
    'PL',
    'US',
    'CA',
    'AU',
    'NZ',
    'CN',
    'JP',
    'IN',
    'AE',
    'CH',
    'NO',
  ])('includes %s', (code) => {
    expect(DESTINATION_CODES).toContain(code);
  });

  it('does not offer the UK itself, which is domestic', () => {
    expect(DESTINATION_CODES).not.toContain('GB');
  });
});

describe('option lists', () => {
  it.each([
    ['SERVICE_TYPES', SERVICE_TYPES],
    ['UK_NATIONS', UK_NATIONS],
    ['EXPORT_REASONS', EXPORT_REASONS],
    ['DOCUMENT_TYPES', DOCUMENT_TYPES],
    ['PARTY_KINDS', PARTY_KINDS],
  ] as const)('%s has unique values and non-empty labels', (_, options) => {
    const values = options.map((option) => option.value);
    expect(duplicates(values)).toEqual([]);
    expect(options.every((option) => option.label.trim().length > 0)).toBe(true);
  });

  it('labels every service type and nation the engine knows', () => {
    expect(SERVICE_TYPES.map((type) => type.value)).toEqual([...SERVICE_TYPE_VALUES]);
    expect(SERVICE_TYPES.find((type) => type.value === 'domestic')?.label).toBe('UK to UK');
    expect(SERVICE_TYPES.find((type) => type.value === 'same_day')?.label).toBe('Same Day');
    expect(UK_NATIONS.map((nation) => nation.value)).toEqual([
      'England',
      'Northern Ireland',
      'Scotland',
      'Wales',
    ]);
    expect(UK_NATIONS.map((nation) => nation.value)).toEqual([...UK_NATION_VALUES]);
  });

  it('lists the nine export reasons', () => {
    expect(EXPORT_REASONS.map((reason) => reason.label)).toEqual([
      'Sold',
      'Gift',
      'Sample',
      'Repair',
      'Documents',
      'Intra Company Transfer',
      'Temporary Export',
      'Return',
      'Personal Effects',
    ]);
    expect(EXPORT_REASON_VALUES).toEqual(EXPORT_REASONS.map((reason) => reason.value));
  });

  it('has the customs document types and party kinds', () => {
    expect(DOCUMENT_TYPES).toEqual([
      { value: 'commercial_invoice', label: 'Commercial invoice' },
      { value: 'proforma_invoice', label: 'Pro-forma invoice' },
    ]);
    expect(PARTY_KINDS).toEqual([
      { value: 'private', label: 'Private Individual' },
      { value: 'company', label: 'Company' },
    ]);
  });

  it('offers whole kilograms 1 to 20', () => {
    expect(WEIGHT_OPTIONS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });
});

describe('cover tiers', () => {
  it('matches the extended-liability table, in pence', () => {
    expect(COVER_TIERS.map((tier) => [tier.coverAmount, tier.fee])).toEqual([
      [0, 0],
      [2000, 20],
      [5000, 88],
      [7500, 208],
      [10000, 268],
      [12500, 318],
      [15000, 368],
      [17500, 388],
      [20000, 478],
      [22500, 568],
      [25000, 648],
      [27500, 748],
    ]);
  });

  it('rises strictly in cover and fee, in whole pence', () => {
    for (let i = 1; i < COVER_TIERS.length; i += 1) {
      const previous = COVER_TIERS[i - 1]!;
      const tier = COVER_TIERS[i]!;
      expect(tier.coverAmount).toBeGreaterThan(previous.coverAmount);
      expect(tier.fee).toBeGreaterThan(previous.fee);
      expect(Number.isInteger(tier.fee)).toBe(true);
    }
  });

  it.each([
    [0, 0],
    [5000, 88],
    [27500, 748],
    [6000, null],
    [100000, null],
  ])('cover %i costs %s', (amount, fee) => {
    expect(coverFeeFor(amount)).toBe(fee);
  });
});

describe('HS code categories', () => {
  const codes = HS_CODE_CATEGORIES.flatMap((category) => category.codes.map((entry) => entry.code));

  it('has the seven categories of the customs-code finder', () => {
    expect(HS_CODE_CATEGORIES.map((category) => category.label)).toEqual([
      'Home, Furniture & DIY',
      'Clothes, shoes and accessories',
      'Toys and Games',
      'Art & Craft',
      'Books, Comics & Magazines',
      'Vehicle Parts & Accessories',
      'Health & Beauty',
    ]);
    expect(duplicates(HS_CODE_CATEGORIES.map((category) => category.id))).toEqual([]);
  });

  it('has its category codes, unique and 8 digits', () => {
    expect([...codes].sort()).toEqual(
      [
        '94039990',
        '62059080',
        '62069090',
        '62099090',
        '64059090',
        '61179000',
        '95030055',
        '49111090',
        '49011000',
        '87169090',
        '33049900',
      ].sort(),
    );
    expect(duplicates(codes)).toEqual([]);
    expect(codes.every((code) => /^\d{8}$/.test(code))).toBe(true);
  });
});

it('REFERENCE_DATA serialises to JSON without loss', () => {
  expect(JSON.parse(JSON.stringify(REFERENCE_DATA))).toEqual(REFERENCE_DATA);
});
