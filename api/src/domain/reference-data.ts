/**
 * Reference data shared by the API (validation), the portal and the widget (form options),
 * served as-is by the meta routes. Values are stable machine codes; labels are what people
 * read and may be reworded without a migration.
 */
import { createRequire } from 'node:module';
import type { Currency } from './currency';
import { UK_NATION_VALUES, type UkNation } from './nations';
import type { ServiceType } from './services';

export type Option<V extends string = string> = { readonly value: V; readonly label: string };
export type Country = { readonly code: string; readonly name: string };

/** The values of an option list as a non-empty tuple, the shape `z.enum` wants. */
function valuesOf<const T extends readonly [Option, ...Option[]]>(
  options: T,
): [T[number]['value'], ...T[number]['value'][]] {
  return options.map((option) => option.value) as [T[number]['value'], ...T[number]['value'][]];
}

export const SERVICE_TYPES = [
  { value: 'domestic', label: 'UK to UK' },
  { value: 'international', label: 'International' },
  { value: 'same_day', label: 'Same Day' },
] as const satisfies readonly Option<ServiceType>[];

export const UK_NATIONS = UK_NATION_VALUES.map((nation) => ({
  value: nation,
  label: nation,
})) as readonly Option<UkNation>[];

/**
 * Every ISO 3166-1 country and territory, named in English, from the maintained
 * i18n-iso-countries package (its first, official name; a few common short names where the
 * official one reads oddly in a list), sorted by name. Each courier service still chooses where
 * it goes (its toLocation), so listing a country only lets a customer ask.
 */
const isoCountries = (() => {
  const require = createRequire(import.meta.url);
  const names = require('i18n-iso-countries/langs/en.json') as {
    countries: Record<string, string | string[]>;
  };
  // The official long forms ("People's Republic of China") read oddly in a list; the package's
  // next name is the common one ("China"). A few names are only in the official form.
  const SHORT_NAMES: Record<string, string> = {
    US: 'United States',
    GB: 'United Kingdom',
    KR: 'South Korea',
    KP: 'North Korea',
    MD: 'Moldova',
    FM: 'Micronesia',
    VG: 'British Virgin Islands',
    VI: 'US Virgin Islands',
    CD: 'Democratic Republic of the Congo',
  };
  const commonName = (name: string | string[]) =>
    Array.isArray(name) ? (/Republic|Federation|Province/.test(name[0]!) ? name[1]! : name[0]!) : name;
  return Object.entries(names.countries)
    .map(([code, name]) => ({ code, name: SHORT_NAMES[code] ?? commonName(name) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
})();

/** International destinations: every country but the UK itself (a UK parcel is domestic). */
export const INTERNATIONAL_DESTINATIONS: readonly Country[] = isoCountries.filter((c) => c.code !== 'GB');

export type DestinationCode = string;
export const DESTINATION_CODES = INTERNATIONAL_DESTINATIONS.map((country) => country.code) as [
  DestinationCode,
  ...DestinationCode[],
];
export const DEFAULT_DESTINATION: DestinationCode = 'AL';

export const COVER_CURRENCY: Currency = 'GBP';

/**
 * Extended liability (the cover table the booking form offers): the fee, in pence, for cover up to an amount,
 * in pence. The first row is the opt-out. Only these exact amounts may be chosen; the fee is
 * looked up on the server, never taken from the client.
 */
export const COVER_TIERS = [
  { coverAmount: 0, fee: 0 },
  { coverAmount: 2000, fee: 20 },
  { coverAmount: 5000, fee: 88 },
  { coverAmount: 7500, fee: 208 },
  { coverAmount: 10000, fee: 268 },
  { coverAmount: 12500, fee: 318 },
  { coverAmount: 15000, fee: 368 },
  { coverAmount: 17500, fee: 388 },
  { coverAmount: 20000, fee: 478 },
  { coverAmount: 22500, fee: 568 },
  { coverAmount: 25000, fee: 648 },
  { coverAmount: 27500, fee: 748 },
] as const satisfies readonly { coverAmount: number; fee: number }[];

export type CoverAmount = (typeof COVER_TIERS)[number]['coverAmount'];

/** The fee for a cover amount, or null when the amount is not one of the tiers. */
export function coverFeeFor(coverAmount: number): number | null {
  return COVER_TIERS.find((tier) => tier.coverAmount === coverAmount)?.fee ?? null;
}

export const EXPORT_REASONS = [
  { value: 'sold', label: 'Sold' },
  { value: 'gift', label: 'Gift' },
  { value: 'sample', label: 'Sample' },
  { value: 'repair', label: 'Repair' },
  { value: 'documents', label: 'Documents' },
  { value: 'intra_company_transfer', label: 'Intra Company Transfer' },
  { value: 'temporary_export', label: 'Temporary Export' },
  { value: 'return', label: 'Return' },
  { value: 'personal_effects', label: 'Personal Effects' },
] as const satisfies readonly Option[];
export type ExportReason = (typeof EXPORT_REASONS)[number]['value'];
export const EXPORT_REASON_VALUES = valuesOf(EXPORT_REASONS);

export const DOCUMENT_TYPES = [
  { value: 'commercial_invoice', label: 'Commercial invoice' },
  { value: 'proforma_invoice', label: 'Pro-forma invoice' },
] as const satisfies readonly Option[];
export type DocumentType = (typeof DOCUMENT_TYPES)[number]['value'];
export const DOCUMENT_TYPE_VALUES = valuesOf(DOCUMENT_TYPES);

/** Sender and recipient kinds on customs declarations. */
export const PARTY_KINDS = [
  { value: 'private', label: 'Private Individual' },
  { value: 'company', label: 'Company' },
] as const satisfies readonly Option[];
export type PartyKind = (typeof PARTY_KINDS)[number]['value'];
export const PARTY_KIND_VALUES = valuesOf(PARTY_KINDS);

/**
 * The customs-code finder's categories with a few common commodity codes each
 * (8-digit Combined Nomenclature codes; the first six digits are the international HS code).
 */
export const HS_CODE_CATEGORIES = [
  {
    id: 'home_furniture_diy',
    label: 'Home, Furniture & DIY',
    codes: [{ code: '94039990', label: 'Furniture' }],
  },
  {
    id: 'clothes_shoes_accessories',
    label: 'Clothes, shoes and accessories',
    codes: [
      { code: '62059080', label: "Men's clothing" },
      { code: '62069090', label: "Women's clothing" },
      { code: '62099090', label: 'Children and baby clothing' },
      { code: '64059090', label: 'Shoes' },
      { code: '61179000', label: 'Clothing accessories' },
    ],
  },
  { id: 'toys_games', label: 'Toys and Games', codes: [{ code: '95030055', label: 'Toys' }] },
  { id: 'art_craft', label: 'Art & Craft', codes: [{ code: '49111090', label: 'Art prints and pictures' }] },
  {
    id: 'books_comics_magazines',
    label: 'Books, Comics & Magazines',
    codes: [{ code: '49011000', label: 'Books' }],
  },
  {
    id: 'vehicle_parts_accessories',
    label: 'Vehicle Parts & Accessories',
    codes: [{ code: '87169090', label: 'Vehicle parts' }],
  },
  {
    id: 'health_beauty',
    label: 'Health & Beauty',
    codes: [{ code: '33049900', label: 'Beauty and skin-care products' }],
  },
] as const satisfies readonly {
  id: string;
  label: string;
  codes: readonly { code: string; label: string }[];
}[];

/** The quote form's weight select: whole kilograms 1 to 20 (any weight can be typed elsewhere). */
export const WEIGHT_OPTIONS: readonly number[] = Array.from({ length: 20 }, (_, index) => index + 1);

/** Country of manufacture on customs items: every country, the UK included. Sorted by name. */
export const MANUFACTURE_COUNTRIES: readonly Country[] = isoCountries;

export type ManufactureCountryCode = string;
export const MANUFACTURE_COUNTRY_CODES = MANUFACTURE_COUNTRIES.map((country) => country.code) as [
  ManufactureCountryCode,
  ...ManufactureCountryCode[],
];

/** Everything above in one object, for the meta endpoint that front ends load once. */
export const REFERENCE_DATA = {
  serviceTypes: SERVICE_TYPES,
  ukNations: UK_NATIONS,
  internationalDestinations: INTERNATIONAL_DESTINATIONS,
  defaultDestination: DEFAULT_DESTINATION,
  coverCurrency: COVER_CURRENCY,
  coverTiers: COVER_TIERS,
  exportReasons: EXPORT_REASONS,
  documentTypes: DOCUMENT_TYPES,
  partyKinds: PARTY_KINDS,
  hsCodeCategories: HS_CODE_CATEGORIES,
  weightOptions: WEIGHT_OPTIONS,
  manufactureCountries: MANUFACTURE_COUNTRIES,
} as const;
