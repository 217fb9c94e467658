/**
 * Reference data shared by the API (validation), the portal and the widget (form options),
 * served as-is by the meta routes. Values are stable machine codes; labels are what people
 * read and may be reworded without a migration.
 */
import type { Currency } from '../../lib/money';
import { type ServiceType, UK_NATION_VALUES, type UkNation } from '../quotes/engine/types';

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
 * Destinations offered in the quote form (about 70; the marketing copy's "240+" counts what
 * couriers can reach on request). Sorted by name, Albania first as the form's default.
 * Russia and Belarus are left out: sanctions forbid most exports there (terms, "international
 * sanctions"). Jersey and Guernsey are outside the UK customs territory, so they are
 * international shipments with customs paperwork.
 */
export const INTERNATIONAL_DESTINATIONS = [
  { code: 'AL', name: 'Albania' },
  { code: 'AR', name: 'Argentina' },
  { code: 'AU', name: 'Australia' },
  { code: 'AT', name: 'Austria' },
  { code: 'BH', name: 'Bahrain' },
  { code: 'BD', name: 'Bangladesh' },
  { code: 'BE', name: 'Belgium' },
  { code: 'BA', name: 'Bosnia and Herzegovina' },
  { code: 'BR', name: 'Brazil' },
  { code: 'BG', name: 'Bulgaria' },
  { code: 'CA', name: 'Canada' },
  { code: 'CL', name: 'Chile' },
  { code: 'CN', name: 'China' },
  { code: 'HR', name: 'Croatia' },
  { code: 'CY', name: 'Cyprus' },
  { code: 'CZ', name: 'Czechia' },
  { code: 'DK', name: 'Denmark' },
  { code: 'EG', name: 'Egypt' },
  { code: 'EE', name: 'Estonia' },
  { code: 'FI', name: 'Finland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'GH', name: 'Ghana' },
  { code: 'GI', name: 'Gibraltar' },
  { code: 'GR', name: 'Greece' },
  { code: 'GG', name: 'Guernsey' },
  { code: 'HK', name: 'Hong Kong' },
  { code: 'HU', name: 'Hungary' },
  { code: 'IS', name: 'Iceland' },
  { code: 'IN', name: 'India' },
  { code: 'ID', name: 'Indonesia' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IL', name: 'Israel' },
  { code: 'IT', name: 'Italy' },
  { code: 'JP', name: 'Japan' },
  { code: 'JE', name: 'Jersey' },
  { code: 'JO', name: 'Jordan' },
  { code: 'KE', name: 'Kenya' },
  { code: 'KW', name: 'Kuwait' },
  { code: 'LV', name: 'Latvia' },
  { code: 'LT', name: 'Lithuania' },
  { code: 'LU', name: 'Luxembourg' },
  { code: 'MY', name: 'Malaysia' },
  { code: 'MT', name: 'Malta' },
  { code: 'MX', name: 'Mexico' },
  { code: 'MD', name: 'Moldova' },
  { code: 'ME', name: 'Montenegro' },
  { code: 'MA', name: 'Morocco' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'NG', name: 'Nigeria' },
  { code: 'MK', name: 'North Macedonia' },
  { code: 'NO', name: 'Norway' },
  { code: 'OM', name: 'Oman' },
  { code: 'PK', name: 'Pakistan' },
  { code: 'PH', name: 'Philippines' },
  { code: 'PL', name: 'Poland' },
  { code: 'PT', name: 'Portugal' },
  { code: 'QA', name: 'Qatar' },
  { code: 'RO', name: 'Romania' },
  { code: 'SA', name: 'Saudi Arabia' },
  { code: 'RS', name: 'Serbia' },
  { code: 'SG', name: 'Singapore' },
  { code: 'SK', name: 'Slovakia' },
  { code: 'SI', name: 'Slovenia' },
  { code: 'ZA', name: 'South Africa' },
  { code: 'KR', name: 'South Korea' },
  { code: 'ES', name: 'Spain' },
  { code: 'LK', name: 'Sri Lanka' },
  { code: 'SE', name: 'Sweden' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'TW', name: 'Taiwan' },
  { code: 'TH', name: 'Thailand' },
  { code: 'TR', name: 'Turkey' },
  { code: 'UA', name: 'Ukraine' },
  { code: 'AE', name: 'United Arab Emirates' },
  { code: 'US', name: 'United States' },
  { code: 'VN', name: 'Vietnam' },
] as const satisfies readonly Country[];

export type DestinationCode = (typeof INTERNATIONAL_DESTINATIONS)[number]['code'];
export const DESTINATION_CODES = INTERNATIONAL_DESTINATIONS.map((country) => country.code) as [
  DestinationCode,
  ...DestinationCode[],
];
export const DEFAULT_DESTINATION: DestinationCode = 'AL';

export const COVER_CURRENCY: Currency = 'GBP';

/**
 * Extended liability (the specification's table): the fee, in pence, for cover up to an amount,
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
 * The customs-code finder's categories with the commodity codes the specification gives
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

/** Country of manufacture on customs items. Sorted by name. */
export const MANUFACTURE_COUNTRIES = [
  { code: 'AR', name: 'Argentina' },
  { code: 'AU', name: 'Australia' },
  { code: 'AT', name: 'Austria' },
  { code: 'BD', name: 'Bangladesh' },
  { code: 'BE', name: 'Belgium' },
  { code: 'BR', name: 'Brazil' },
  { code: 'BG', name: 'Bulgaria' },
  { code: 'KH', name: 'Cambodia' },
  { code: 'CA', name: 'Canada' },
  { code: 'CL', name: 'Chile' },
  { code: 'CN', name: 'China' },
  { code: 'CO', name: 'Colombia' },
  { code: 'HR', name: 'Croatia' },
  { code: 'CZ', name: 'Czechia' },
  { code: 'DK', name: 'Denmark' },
  { code: 'EG', name: 'Egypt' },
  { code: 'EE', name: 'Estonia' },
  { code: 'ET', name: 'Ethiopia' },
  { code: 'FI', name: 'Finland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'GR', name: 'Greece' },
  { code: 'HK', name: 'Hong Kong' },
  { code: 'HU', name: 'Hungary' },
  { code: 'IN', name: 'India' },
  { code: 'ID', name: 'Indonesia' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IL', name: 'Israel' },
  { code: 'IT', name: 'Italy' },
  { code: 'JP', name: 'Japan' },
  { code: 'KE', name: 'Kenya' },
  { code: 'LV', name: 'Latvia' },
  { code: 'LT', name: 'Lithuania' },
  { code: 'LU', name: 'Luxembourg' },
  { code: 'MY', name: 'Malaysia' },
  { code: 'MT', name: 'Malta' },
  { code: 'MU', name: 'Mauritius' },
  { code: 'MX', name: 'Mexico' },
  { code: 'MA', name: 'Morocco' },
  { code: 'MM', name: 'Myanmar' },
  { code: 'NP', name: 'Nepal' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'NG', name: 'Nigeria' },
  { code: 'NO', name: 'Norway' },
  { code: 'PK', name: 'Pakistan' },
  { code: 'PE', name: 'Peru' },
  { code: 'PH', name: 'Philippines' },
  { code: 'PL', name: 'Poland' },
  { code: 'PT', name: 'Portugal' },
  { code: 'RO', name: 'Romania' },
  { code: 'SA', name: 'Saudi Arabia' },
  { code: 'RS', name: 'Serbia' },
  { code: 'SG', name: 'Singapore' },
  { code: 'SK', name: 'Slovakia' },
  { code: 'SI', name: 'Slovenia' },
  { code: 'ZA', name: 'South Africa' },
  { code: 'KR', name: 'South Korea' },
  { code: 'ES', name: 'Spain' },
  { code: 'LK', name: 'Sri Lanka' },
  { code: 'SE', name: 'Sweden' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'TW', name: 'Taiwan' },
  { code: 'TH', name: 'Thailand' },
  { code: 'TN', name: 'Tunisia' },
  { code: 'TR', name: 'Turkey' },
  { code: 'UA', name: 'Ukraine' },
  { code: 'AE', name: 'United Arab Emirates' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'US', name: 'United States' },
  { code: 'VN', name: 'Vietnam' },
] as const satisfies readonly Country[];

export type ManufactureCountryCode = (typeof MANUFACTURE_COUNTRIES)[number]['code'];
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
