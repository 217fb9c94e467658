import rawCodes from '../../../reference/hs/harmonized-system.json' with { type: 'json' };
import { EVERYDAY_WORDS } from './hs-codes.aliases';

export type HsLevel = 2 | 4 | 6;
export type HsCode = { code: string; description: string; level: HsLevel };

type Entry = HsCode & { words: ReadonlySet<string>; wordList: readonly string[] };

/**
 * One form per word so that "shoes" finds "shoe" and "boxes" finds "box": a light English plural
 * folding, applied alike to the nomenclature and to what people type. Not a full stemmer on
 * purpose: the tariff's wording is formal and a stemmer would merge unrelated words.
 */
export function foldWord(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  // knife/knives and leaf/leaves meet at knif/leaf.
  if (word.endsWith('ves') && word.length > 4) return `${word.slice(0, -3)}f`;
  if (word.endsWith('fe')) return word.slice(0, -1);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) {
    return word.slice(0, -1);
  }
  return word;
}

export function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(foldWord);
}

function entry(code: string, description: string): Entry {
  const wordList = words(description);
  return { code, description, level: code.length as HsLevel, words: new Set(wordList), wordList };
}

// Built once per process: ~7,000 short rows, a few milliseconds.
const ENTRIES: readonly Entry[] = (rawCodes as [string, string][]).map(([code, description]) =>
  entry(code, description),
);
const BY_CODE = new Map(ENTRIES.map((e) => [e.code, e]));

const ALIASES = Object.entries(EVERYDAY_WORDS).map(([phrase, codes]) => ({
  words: words(phrase),
  codes,
}));

const strip = ({ code, description, level }: Entry): HsCode => ({ code, description, level });

/** How well one entry matches every query word; 0 when a word is missing. */
function score(e: Entry, query: readonly string[]): number {
  let total = 0;
  for (const q of query) {
    if (e.words.has(q)) {
      // Earlier words carry the meaning ("Footwear; …"), later ones the details.
      total += e.wordList.indexOf(q) < 4 ? 12 : 10;
    } else if (q.length >= 3 && e.wordList.some((w) => w.startsWith(q))) {
      total += 4;
    } else {
      return 0;
    }
  }
  // Broader codes first between equals: the finder narrows down from there.
  return total + (6 - e.level) - e.description.length / 1000;
}

function aliasCodes(query: readonly string[]): string[] {
  const text = ` ${query.join(' ')} `;
  const found: string[] = [];
  // Longer phrases first, so "mobile phone" wins over "mobile".
  const sorted = [...ALIASES].sort((a, b) => b.words.length - a.words.length);
  for (const alias of sorted) {
    if (text.includes(` ${alias.words.join(' ')} `)) {
      for (const code of alias.codes) if (!found.includes(code)) found.push(code);
    }
  }
  return found;
}

/**
 * Searches the Harmonized System by words (all of them must match, plurals folded, a word may
 * be the start of a longer one) and by code prefix ("6110", "6110.20", "61102000" — the UK's
 * extra digits are ignored past the six international ones), everyday words first.
 */
export function searchHsCodes(q: string, limit = 20): HsCode[] {
  const digits = q.replace(/[\s.]/g, '');
  if (/^\d{2,10}$/.test(digits)) {
    const prefix = digits.slice(0, 6);
    let matches = ENTRIES.filter((e) => e.code.startsWith(prefix));
    // An 8- or 10-digit UK code whose subheading the nomenclature splits differently: its heading.
    for (let n = prefix.length - 2; matches.length === 0 && n >= 2; n -= 2) {
      const parent = BY_CODE.get(prefix.slice(0, n));
      if (parent) matches = [parent];
    }
    return matches
      .sort((a, b) => a.level - b.level || a.code.localeCompare(b.code))
      .slice(0, limit)
      .map(strip);
  }
  const query = words(q);
  if (query.length === 0) return [];
  const results: Entry[] = [];
  const aliases = aliasCodes(query);
  for (const code of aliases) {
    const e = BY_CODE.get(code);
    if (e) results.push(e);
  }
  // A heading is not a code customs accept: its subheadings follow, ready to pick.
  for (const code of aliases.filter((c) => c.length < 6)) {
    for (const e of ENTRIES)
      if (e.code.startsWith(code) && e.level === 6 && !results.includes(e)) results.push(e);
  }
  const scored = ENTRIES.map((e) => ({ e, s: score(e, query) }))
    .filter(({ s, e }) => s > 0 && !results.includes(e))
    .sort((a, b) => b.s - a.s || a.e.code.localeCompare(b.e.code));
  for (const { e } of scored) results.push(e);
  return results.slice(0, limit).map(strip);
}

export const HS_CODE_COUNT = ENTRIES.length;
