import { describe, expect, it } from 'vitest';
import { isInUk } from './geo';
import { isUkPostcode, parseUkPostcode } from './postcode';
import { POSTCODE_AREAS } from './postcode-areas';

const ALL_AREAS = `AB AL B BA BB BD BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY
E EC EH EN EX FK FY G GL GU HA HD HG HP HR HS HU HX IG IP IV KA KT KW KY L LA LD LE LL LN LS LU
M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM SN SO SP SR
SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE`.split(/\s+/);

describe('postcode areas', () => {
  it('has every UK postcode area and nothing else', () => {
    expect(ALL_AREAS).toHaveLength(121);
    expect(Object.keys(POSTCODE_AREAS).sort()).toEqual([...ALL_AREAS].sort());
  });

  it.each(ALL_AREAS)('%s lies inside the UK bounding box', (code) => {
    const area = POSTCODE_AREAS[code];
    expect(area).toBeDefined();
    expect(isInUk(area!)).toBe(true);
  });

  it.each([
    ['BT', 'Northern Ireland'],
    ['EH', 'Scotland'],
    ['ZE', 'Scotland'],
    ['CF', 'Wales'],
    ['SW', 'England'],
  ])('%s is in %s', (code, nation) => {
    expect(POSTCODE_AREAS[code]?.nation).toBe(nation);
  });
});

describe('parseUkPostcode', () => {
  it.each([
    ['SW1A 1AA', 'SW1A', '1AA', 'SW'],
    ['sw1a1aa', 'SW1A', '1AA', 'SW'],
    ['  Sw1A   1aA ', 'SW1A', '1AA', 'SW'],
    ['SW1A\u00a01AA', 'SW1A', '1AA', 'SW'], // non-breaking space from a pasted address
    ['EC1A 1BB', 'EC1A', '1BB', 'EC'],
    ['W1A 0AX', 'W1A', '0AX', 'W'],
    ['M1 1AE', 'M1', '1AE', 'M'],
    ['B33 8TH', 'B33', '8TH', 'B'],
    ['CR2 6XH', 'CR2', '6XH', 'CR'],
    ['DN55 1PT', 'DN55', '1PT', 'DN'],
    ['BT1 5GS', 'BT1', '5GS', 'BT'],
    ['ze1 0aa', 'ZE1', '0AA', 'ZE'],
    ['AB101AA', 'AB10', '1AA', 'AB'],
  ])('%j -> %s %s (area %s)', (input, outward, inward, area) => {
    expect(parseUkPostcode(input)).toEqual({ postcode: `${outward} ${inward}`, outward, inward, area });
  });

  it.each([
    '',
    'SW1A',
    '1AA',
    '12345',
    'SW1A 1AAA',
    'SW1A-1AA',
    'QQ1 1AA', // no such area
    'GY1 1AA', // Guernsey: not in the UK
    'JE2 3AB', // Jersey
    'IM1 1AA', // Isle of Man
    'SW1A 1AC', // C never appears in the inward code
    'SW1A 1IA',
    'BFPO 1234',
    'GIR 0AA',
    'S',
  ])('rejects %j', (input) => {
    expect(parseUkPostcode(input)).toBeNull();
    expect(isUkPostcode(input)).toBe(false);
  });
});
