/**
 * Widths at which a list's less important columns step aside (MUI's breakpoints: `sm` 600 px,
 * `md` 900 px), so a phone shows the columns people scan by without the table running off the
 * side; the record's own page still shows every field.
 */
export const FROM_TABLET = { display: { xs: 'none', sm: 'table-cell' } } as const;
export const FROM_DESKTOP = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * A column of names people write at any length: a long one wraps in its cell, never narrower
 * than a short word (else the table squeezes it to a few letters a line on a phone).
 */
export const WRAPS = { overflowWrap: 'anywhere', minWidth: '6rem' } as const;
