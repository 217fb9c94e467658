/**
 * Test-only Code 128 reader (ISO/IEC 15417), so the label tests can prove the barcode encodes
 * the tracking number instead of trusting that an image is present. Independent of bwip-js:
 * it reads bar widths from pixels, checks the mod-103 check character and decodes sets A/B/C.
 */

// Bar/space widths in modules of symbol values 0-105, then the stop pattern (106).
// biome-ignore format: a table reads best as a table
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212',
  '221213', '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221',
  '223211', '221132', '221231', '213212', '223112', '312131', '311222', '321122', '321221',
  '312212', '322112', '322211', '212123', '212321', '232121', '111323', '131123', '131321',
  '112313', '132113', '132311', '211313', '231113', '231311', '112133', '112331', '132131',
  '113123', '113321', '133121', '313121', '211331', '231131', '213113', '213311', '213131',
  '311123', '311321', '331121', '312113', '312311', '332111', '314111', '221411', '431111',
  '111224', '111422', '121124', '121421', '141122', '141221', '112214', '112412', '122114',
  '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111', '111242',
  '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311',
  '113141', '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

const START_A = 103;
const START_B = 104;
const START_C = 105;
const STOP = 106;

function runLengths(bars: boolean[]): number[] {
  const first = bars.indexOf(true);
  const last = bars.lastIndexOf(true);
  if (first < 0) throw new Error('no bars found');
  const runs: number[] = [];
  let current = bars[first];
  let length = 0;
  for (let x = first; x <= last; x++) {
    if (bars[x] === current) length++;
    else {
      runs.push(length);
      current = bars[x];
      length = 1;
    }
  }
  runs.push(length);
  return runs;
}

/** Decodes one scan line (true = bar) into the encoded text; throws on any malformed symbol. */
export function decodeCode128Row(bars: boolean[]): string {
  const runs = runLengths(bars);
  // Every symbol is 6 elements and 11 modules; the stop is 7 elements and 13 modules.
  if ((runs.length - 7) % 6 !== 0) throw new Error(`unexpected element count ${runs.length}`);
  const symbolCount = (runs.length - 7) / 6 + 1;
  const totalWidth = runs.reduce((sum, run) => sum + run, 0);
  const moduleWidth = totalWidth / ((symbolCount - 1) * 11 + 13);
  const widths = runs.map((run) => Math.round(run / moduleWidth));

  const values: number[] = [];
  for (let i = 0; i < runs.length; i += 6) {
    const length = i + 7 === runs.length ? 7 : 6;
    const pattern = widths.slice(i, i + length).join('');
    const value = PATTERNS.indexOf(pattern);
    if (value < 0) throw new Error(`unknown symbol pattern ${pattern}`);
    values.push(value);
    if (length === 7) break;
  }

  const [start, ...rest] = values;
  if (rest.pop() !== STOP) throw new Error('missing stop pattern');
  const check = rest.pop();
  if (start === undefined || check === undefined) throw new Error('too short');
  const checksum = rest.reduce((sum, value, index) => sum + value * (index + 1), start) % 103;
  if (checksum !== check) throw new Error(`check character ${check} != computed ${checksum}`);

  let set = start === START_A ? 'A' : start === START_B ? 'B' : start === START_C ? 'C' : '';
  if (!set) throw new Error(`bad start symbol ${start}`);
  let text = '';
  let shift = false;
  for (const value of rest) {
    const active = shift ? (set === 'A' ? 'B' : 'A') : set;
    shift = false;
    if (active === 'C') {
      if (value < 100) text += String(value).padStart(2, '0');
      else if (value === 100) set = 'B';
      else if (value === 101) set = 'A';
      // 102 is FNC1, which encodes no character.
      continue;
    }
    if (value < 96) {
      text +=
        active === 'B' || value < 64 ? String.fromCharCode(value + 32) : String.fromCharCode(value - 64);
    } else if (value === 98) shift = true;
    else if (value === 99) set = 'C';
    else if (value === 100 && active === 'A') set = 'B';
    else if (value === 101 && active === 'B') set = 'A';
    // 96, 97 and the remaining 100/101/102 are function codes, not characters.
  }
  return text;
}
