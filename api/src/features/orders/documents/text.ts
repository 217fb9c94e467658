/**
 * Text that the PDF standard fonts can draw.
 *
 * The documents use the 14 standard PDF fonts (Helvetica) because they need no font files and
 * keep labels small, but those fonts only carry the WinAnsi (Windows-1252) character set.
 * pdfkit does not reject anything else: it writes the code point as unpadded hex, which turns
 * "Ł" into garbage bytes that shift every following glyph. So every string goes through
 * `toWinAnsi` first:
 *  1. characters WinAnsi has (all of Latin-1, plus € ‘ ’ “ ” – — … Œ Š Ž and a few more) stay
 *     as they are, so "Zoë", "Müller" and "£" print correctly;
 *  2. other Latin letters are transliterated: compatibility decomposition with the accents
 *     dropped ("Ş" -> "S", "ő" -> "o", "ﬁ" -> "fi"), then a short table for letters that do
 *     not decompose ("Ł" -> "L", "đ" -> "d", "ß" stays because WinAnsi has it);
 *  3. anything left (Cyrillic, Greek, CJK, emoji, control characters) becomes "?", so the
 *     reader can see that something was there rather than a silently shortened address.
 * Couriers in the UK read Latin-script labels; printing other scripts faithfully would need an
 * embedded Unicode font file, which is a possible later improvement, not a correctness issue.
 */

// Windows-1252 positions 0x80-0x9F that hold printable characters (the rest are unassigned).
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

// Letters whose Unicode decomposition does not reduce to a WinAnsi letter.
const TRANSLITERATIONS: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  Ŋ: 'N',
  ŋ: 'n',
  ĸ: 'k',
  Ə: 'E',
  ə: 'e',
  ẞ: 'SS',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '−': '-',
  '′': "'",
  '″': '"',
};

export const REPLACEMENT_CHARACTER = '?';

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x20 && code <= 0x7e) return true;
  if (code >= 0xa0 && code <= 0xff) return true;
  return WIN_ANSI_EXTRAS.includes(char);
}

function isWhitespaceOrControl(char: string): boolean {
  return /^[\s\p{Cc}]$/u.test(char);
}

// Zero-width and formatting characters (soft hyphen, joiners, BOM) and combining marks left
// over after NFC (an accent with no precomposed form, an emoji variation selector) carry
// nothing a reader would miss, so they are dropped rather than shown as "?".
function isInvisible(char: string): boolean {
  return /^[\p{Cf}\p{M}]$/u.test(char);
}

function transliterate(char: string): string {
  const mapped = TRANSLITERATIONS[char];
  if (mapped !== undefined) return mapped;
  // NFKD splits "ő" into "o" + combining accent and folds compatibility forms ("ﬁ", full-width
  // letters); dropping the marks leaves the base letter when there is one.
  const stripped = char.normalize('NFKD').replace(/\p{M}/gu, '');
  if (stripped.length > 0 && [...stripped].every(isWinAnsi)) return stripped;
  return REPLACEMENT_CHARACTER;
}

/**
 * One line of text safe for the standard fonts: NFC-composed (so "e" + combining diaeresis
 * becomes "ë", which WinAnsi has), whitespace and control characters collapsed to single
 * spaces (a newline typed into an address field must not break the layout), trimmed, and
 * transliterated as described above.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (isWhitespaceOrControl(char)) out += ' ';
    else if (isInvisible(char)) continue;
    else if (isWinAnsi(char)) out += char;
    else out += transliterate(char);
  }
  return out.replace(/ {2,}/g, ' ').trim();
}
