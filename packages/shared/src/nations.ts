/**
 * The nations of the United Kingdom, as domestic and same-day routes name them. Listed
 * alphabetically, the order every form shows. The UK's own ISO country code is the origin of
 * every international parcel.
 */

export const UK_NATION_VALUES = ['England', 'Northern Ireland', 'Scotland', 'Wales'] as const;
export type UkNation = (typeof UK_NATION_VALUES)[number];

/** Where a domestic quote starts when nothing else is known. */
export const DEFAULT_NATION: UkNation = 'England';

/** A courier service's wildcard location: it collects from / delivers to anywhere in its scope. */
export const ANY_LOCATION = 'Any';

/** ISO 3166-1 alpha-2 of the United Kingdom. */
export const UK_COUNTRY_CODE = 'GB';

export type UkNationOption = { readonly value: UkNation; readonly label: string };

export const UK_NATION_OPTIONS: readonly UkNationOption[] = UK_NATION_VALUES.map((value) => ({
  value,
  label: value,
}));

export function isUkNation(value: unknown): value is UkNation {
  return typeof value === 'string' && (UK_NATION_VALUES as readonly string[]).includes(value);
}

/** The nation a person typed, in any case ("scotland" -> "Scotland"); undefined if none. */
export function findUkNation(text: string): UkNation | undefined {
  const lower = text.trim().toLowerCase();
  return UK_NATION_VALUES.find((nation) => nation.toLowerCase() === lower);
}
