/**
 * Imports the Harmonized System nomenclature (public domain, see api/reference/hs/LICENCE.md) into
 * the compact file the HS code search loads: `[code, description][]`, chapters (2 digits),
 * headings (4) and subheadings (6), in tariff order.
 *
 *   pnpm --filter @consign/api hs:import path/to/harmonized-system.csv
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

const source = process.argv[2];
if (!source) {
  console.error('Usage: hs:import <harmonized-system.csv> (columns section,hscode,description,parent,level)');
  process.exit(2);
}
const rows = parse(readFileSync(source), { columns: true, bom: true, skip_empty_lines: true }) as {
  section: string;
  hscode: string;
  description: string;
  level: string;
}[];
// The source ends with two 'TOTAL' section rows (the whole nomenclature, 'not specified'): not codes.
const entries = rows
  .filter((row) => row.section !== 'TOTAL')
  .map((row, i) => {
    if (!/^\d{2}(\d{2}){0,2}$/.test(row.hscode) || String(row.hscode.length) !== row.level) {
      throw new Error(`Row ${i + 2}: code "${row.hscode}" does not match level ${row.level}`);
    }
    return [row.hscode, row.description.trim()];
  });
const out = fileURLToPath(new URL('../reference/hs/harmonized-system.json', import.meta.url));
writeFileSync(out, `${JSON.stringify(entries).replaceAll('],[', '],\n[')}\n`);
console.log(`Wrote ${entries.length} codes to ${out}`);
