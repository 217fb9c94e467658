/**
 * Search over the Harmonized System nomenclature (chapters, headings and subheadings; public
 * domain, see data/LICENSE-NOTE.md), loaded once from the committed CSV.
 *
 * Best matches first: a query of digits matches codes by prefix; words match the descriptions,
 * tolerant of plurals, plus a small table of everyday British words the tariff does not use.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

export type HsLevel = 2 | 4 | 6;
export type HsCode = { code: string; description: string; level: HsLevel };

/** Everyday words people type, mapped to the headings the tariff files them under. */
export const EVERYDAY_WORDS: Record<string, readonly string[]> = {
  jumper: ['6110'],
  sweater: ['6110'],
  cardigan: ['6110'],
  hoodie: ['6110'],
  trainer: ['6404'],
  shoe: ['6403', '6404', '6405'],
  boot: ['6403'],
  sneaker: ['6404'],
  'mobile phone': ['8517'],
  smartphone: ['8517'],
  phone: ['8517'],
  laptop: ['8471'],
  computer: ['8471'],
  tablet: ['8471'],
  tshirt: ['6109'],
  't shirt': ['6109'],
  jeans: ['6203', '6204'],
  trousers: ['6203', '6204'],
  handbag: ['4202'],
  headphone: ['8518'],
  perfume: ['3303'],
  lipstick: ['3304'],
  toy: ['9503'],
  book: ['4901'],
  watch: ['9102'],
  jewellery: ['7113', '7117'],
  sofa: ['9401'],
  camera: ['8525'],
};

/** Lower-case words with simple English plurals folded: boxes -> box, shoes -> shoe, dresses -> dress. */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(sses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(stem);
}

type Entry = HsCode & { words: ReadonlySet<string> };

let entries: Entry[] | undefined;

function load(): Entry[] {
  if (!entries) {
    const rows = parse(readFileSync(new URL('./data/harmonized-system.csv', import.meta.url)), {
      columns: true,
      skip_empty_lines: true,
    }) as { hscode: string; description: string; level: string }[];
    entries = rows.map((row) => ({
      code: row.hscode,
      description: row.description,
      level: Number(row.level) as HsLevel,
      words: new Set(words(row.description)),
    }));
  }
  return entries;
}

export const HS_CODE_COUNT = () => load().length;

/** The best `limit` matches for a query, best first; an empty query matches nothing. */
export function searchHsCodes(query: string, limit = 20): HsCode[] {
  const all = load();
  const digits = query.replace(/[\s.]/g, '');
  if (/^\d+$/.test(digits)) {
    // A code, or the start of one; the UK's extra digits (7-10) narrow no further here.
    const prefix = digits.slice(0, 6);
    return all
      .filter((e) => e.code.startsWith(prefix) || prefix.startsWith(e.code))
      .sort((a, b) => a.code.length - b.code.length || a.code.localeCompare(b.code))
      .slice(0, limit)
      .map(({ code, description, level }) => ({ code, description, level }));
  }
  const terms = words(query);
  if (terms.length === 0) return [];
  const phrase = terms.join(' ');
  const everyday = new Set([
    ...(EVERYDAY_WORDS[phrase] ?? []),
    ...terms.flatMap((term) => EVERYDAY_WORDS[term] ?? []),
  ]);
  const scored: { entry: Entry; score: number }[] = [];
  for (const entry of all) {
    let score = 0;
    for (const heading of everyday) {
      if (entry.code === heading) score += 100;
      else if (entry.code.startsWith(heading)) score += 60;
    }
    const matched = terms.filter((term) => entry.words.has(term)).length;
    // Every word found beats some; prefer headings over their many subheadings on a tie.
    if (matched > 0) score += (matched / terms.length) * 50 + (matched === terms.length ? 20 : 0);
    if (score > 0) scored.push({ entry, score: score - entry.level });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.entry.code.localeCompare(b.entry.code))
    .slice(0, limit)
    .map(({ entry: { code, description, level } }) => ({ code, description, level }));
}
