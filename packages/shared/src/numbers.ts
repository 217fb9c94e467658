/**
 * Whole numbers as en-GB text without Intl. A page's first Intl formatter loads the locale's
 * ICU data, which on a phone is a task of 150–250 ms that blocks input (Lighthouse's total
 * blocking time on the home page, issue 22): counts and pound amounts are printed by hand, and
 * the tests hold them to what Intl prints.
 */

/** '1234567' -> '1,234,567': commas between groups of three digits of a string of digits. */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** (1, 'row') -> '1 row', (2, 'row') -> '2 rows': a count with its noun, in the singular for one. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}

/** 12345 -> '12,345', as (12345).toLocaleString('en-GB') prints it. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-GB');
  return `${n < 0 ? '-' : ''}${groupDigits(String(Math.abs(n)))}`;
}
