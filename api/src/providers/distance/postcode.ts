/**
 * UK postcode validation and normalisation. Accepts any case and any spacing
 * ("sw1a1aa", " SW1A  1AA ") and returns the canonical "SW1A 1AA" form used as the key for
 * centroid look-ups and sent to routing services.
 *
 * Shape (Royal Mail): outward = area (1–2 letters) + district (a digit, then optionally a
 * digit or letter); inward = a digit + two letters, never C, I, K, M, O or V. The area must
 * be a real UK postcode area, which catches most typos and excludes the Crown Dependencies.
 * BFPO numbers and the non-geographic GIR 0AA are rejected: neither is a place a courier can
 * collect from or deliver to.
 */
import { type PostcodeParts, parsePostcode } from '@consign/shared/postcodes';
import type { UkNation } from '../../domain/nations';
import { isPostcodeArea, POSTCODE_AREAS } from './postcode-areas';
import { DistanceLookupError } from './types';

/** The shape rules are shared with the front ends; the API also wants a real postcode area. */
export type UkPostcode = PostcodeParts;

export function parseUkPostcode(input: string): UkPostcode | null {
  const parsed = parsePostcode(input);
  return parsed && isPostcodeArea(parsed.area) ? parsed : null;
}

export function isUkPostcode(input: string): boolean {
  return parseUkPostcode(input) !== null;
}

/** parseUkPostcode for provider calls: a bad postcode is the customer's error, typed as such. */
export function requireUkPostcode(input: string): UkPostcode {
  const parsed = parseUkPostcode(input);
  if (!parsed) throw new DistanceLookupError('invalid_postcode', `"${input}" is not a UK postcode`);
  return parsed;
}

/**
 * The nation a postcode is in, as far as its area's main post town says (a hint for same-day
 * routes that name no nation: border areas straddle two); undefined for anything not a postcode.
 */
export function nationOfPostcode(postcode: string | undefined): UkNation | undefined {
  const area = postcode ? parseUkPostcode(postcode)?.area : undefined;
  return area ? POSTCODE_AREAS[area]?.nation : undefined;
}

/**
 * Postcode areas that straddle a border: a postcode there may be in either nation (Deeside is
 * CH5 but Chester CH1, Berwick-upon-Tweed TD15 but Kelso TD5). The booking checks accept either.
 */
const BORDER_AREAS: Readonly<Record<string, readonly UkNation[]>> = {
  CH: ['England', 'Wales'],
  HR: ['England', 'Wales'],
  LD: ['England', 'Wales'],
  LL: ['England', 'Wales'],
  NP: ['England', 'Wales'],
  SY: ['England', 'Wales'],
  CA: ['England', 'Scotland'],
  DG: ['England', 'Scotland'],
  TD: ['England', 'Scotland'],
};

/**
 * Every nation a postcode may be in: one for most areas, two for border areas; empty for
 * anything that is not a UK postcode.
 */
export function nationsOfPostcode(postcode: string): readonly UkNation[] {
  const area = parseUkPostcode(postcode)?.area;
  if (!area) return [];
  const nation = POSTCODE_AREAS[area]?.nation;
  return BORDER_AREAS[area] ?? (nation ? [nation] : []);
}
