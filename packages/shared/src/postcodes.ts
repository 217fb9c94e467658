/**
 * UK postcode rules: any case and any spacing in ("sw1a1aa", " SW1A  1AA "), the canonical
 * "SW1A 1AA" out.
 *
 * Shape (Royal Mail): outward = area (1–2 letters) + district (a digit, then optionally a digit
 * or a letter); inward = a digit + two letters, never C, I, K, M, O or V. This module checks the
 * shape only; the API also checks that the area is a real UK postcode area (its centroid table
 * lives with the distance provider) and answers 422 if not.
 */

/** The shape of a postcode with its spaces removed, upper case: area, district, inward. */
export const POSTCODE_SHAPE = /^([A-Z]{1,2})(\d[A-Z\d]?)(\d[ABD-HJLNP-UW-Z]{2})$/;

export type PostcodeParts = {
  /** Canonical form, "SW1A 1AA". */
  postcode: string;
  /** "SW1A" */
  outward: string;
  /** "1AA" */
  inward: string;
  /** The postcode area, the leading letters: "SW". */
  area: string;
};

/** " sw1a 1aa" -> "SW1A1AA". \s covers the non-breaking spaces pasted addresses often carry. */
export function compactPostcode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** The parts of a postcode-shaped input, or null when it is not shaped like a UK postcode. */
export function parsePostcode(input: string): PostcodeParts | null {
  if (typeof input !== 'string') return null;
  const match = POSTCODE_SHAPE.exec(compactPostcode(input));
  if (!match) return null;
  const [, area = '', district = '', inward = ''] = match;
  const outward = area + district;
  return { postcode: `${outward} ${inward}`, outward, inward, area };
}

/** Whether the input, in any case and spacing, is shaped like a UK postcode. */
export function isUkPostcode(input: string): boolean {
  return parsePostcode(input) !== null;
}

/** "sw1a1aa" -> "SW1A 1AA"; null when it is not shaped like a UK postcode. */
export function normalisePostcode(input: string): string | null {
  return parsePostcode(input)?.postcode ?? null;
}

/** "sw1a1aa" -> "SW1A 1AA" for a form field; anything else comes back trimmed, for the user to fix. */
export function formatPostcode(input: string): string {
  return normalisePostcode(input) ?? input.trim();
}

/** "SW1A 1AA" -> "SW1A"; null when it is not a postcode. */
export function outwardCode(input: string): string | null {
  return parsePostcode(input)?.outward ?? null;
}

/** "SW1A 1AA" -> "SW"; null when it is not a postcode. */
export function postcodeArea(input: string): string | null {
  return parsePostcode(input)?.area ?? null;
}

// Looser than POSTCODE_SHAPE on purpose: any two inward letters, spaces only between the halves.
const POSTCODE_LIKE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;

/**
 * Whether a place typed into a link ("?from=M1 1AE" versus "?from=England") is meant as a
 * postcode rather than a place name. Deliberately looser than isUkPostcode: a mistyped
 * postcode is still treated as a postcode, so the form shows it back with its error.
 */
export function looksLikePostcode(input: string): boolean {
  return POSTCODE_LIKE.test(input);
}
