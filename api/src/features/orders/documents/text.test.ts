import { describe, expect, it } from 'vitest';
import { decodeWinAnsiHex } from '../../../../testing/pdf-inspect';
import { toWinAnsi } from './text';

// What a WinAnsi-encoded standard font can show: every byte the reader side decodes to a
// printable character (the test helper's own table, independent of text.ts).
const PRINTABLE_WIN_ANSI = new Set(
  Array.from({ length: 0xe0 }, (_, index) => decodeWinAnsiHex((index + 0x20).toString(16))).filter(
    (char) => !/\p{Cc}/u.test(char),
  ),
);

describe('toWinAnsi', () => {
  it.each([
    ['Zoë Ł', 'Zoë L'],
    ['Łódź', 'Lódz'],
    ['Ştefan Ğündüz', 'Stefan Gündüz'],
    ['Đorđe Ħal ıi', 'Dorde Hal ii'],
    ['Straße 5, Ærøskøbing', 'Straße 5, Ærøskøbing'],
    ['€5 – “quoted” … ‘ok’ • Œuvre Šiška Žiga', '€5 – “quoted” … ‘ok’ • Œuvre Šiška Žiga'],
    ['ﬁle Ｔｏｋｙｏ', 'file Tokyo'],
    ['e\u0308', 'ë'],
    ['co\u00ADop a\u200Bb', 'coop ab'],
    ['Δημήτρης', '????????'],
    ['東京 Tower', '?? Tower'],
    ['👍🏽 thanks', '?? thanks'],
    ['  line one\n\tline two\u0000 ', 'line one line two'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(toWinAnsi(input)).toBe(expected);
  });

  it('only ever returns characters the standard fonts can draw, for every BMP character', () => {
    const unsafe: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      for (const char of toWinAnsi(String.fromCharCode(code))) {
        if (!PRINTABLE_WIN_ANSI.has(char)) unsafe.push(`U+${code.toString(16)} -> ${JSON.stringify(char)}`);
      }
    }
    expect(unsafe).toEqual([]);
  });

  it('keeps every printable WinAnsi character as it is', () => {
    const all = [...PRINTABLE_WIN_ANSI].filter((char) => char.trim() !== '' && char !== '\u00ad').join('');
    expect(toWinAnsi(all)).toBe(all);
  });
});
