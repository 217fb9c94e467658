/**
 * What an address needs, by its country (ISO 3166 alpha-2): whether it has a postcode, and what
 * its region line is called and whether it is required. The API's order schema and the portal's
 * address fields both read these, so the form asks for exactly what the API checks.
 */

/**
 * Countries with no postcode system in general use (after Google's libaddressinput data and the
 * UPU's list): an address there is complete without one, so none is asked for.
 */
export const NO_POSTCODE_COUNTRIES: ReadonlySet<string> = new Set(
  [
    'AE AG AO AW BF BI BJ BS BW BZ CD CF CG CI CK CM DJ DM ER FJ GA GD GH GM GQ GY HK JM KI KM',
    'KN KP LC ML MO MR MW NR NU QA RW SB SC SL SR ST SY TD TG TK TL TO TT TV UG VU YE ZW',
  ]
    .join(' ')
    .split(' '),
);

/** An address's region line: its label as people know it there, and whether post needs it. */
export type RegionRule = { label: string; required: boolean };

/** The UK's county; a US or Australian state and a Canadian province, which their post needs. */
const REGIONS: Readonly<Record<string, RegionRule>> = {
  GB: { label: 'County', required: true },
  US: { label: 'State', required: true },
  AU: { label: 'State', required: true },
  CA: { label: 'Province', required: true },
};

const OTHER_REGION: RegionRule = { label: 'County or region', required: false };

/** Whether an address in `country` needs a postcode (false where the country has none). */
export function postcodeRequired(country: string): boolean {
  return !NO_POSTCODE_COUNTRIES.has(country.toUpperCase());
}

/** The region line of an address in `country`: "County" in the UK, "State" in the US and so on. */
export function regionRule(country: string): RegionRule {
  return REGIONS[country.toUpperCase()] ?? OTHER_REGION;
}
