import { describe, expect, it } from 'vitest';
import { CsvError, type OnsSkip, parseCsvRecords, parseOnsPostcodeCsv } from './ons-csv';

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** Splits text into chunks of `size` characters, to exercise every chunk boundary. */
function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

describe('parseCsvRecords (RFC 4180)', () => {
  const text = 'a,b,c\r\n"quoted, comma","say ""hi""",plain\r\n"multi\r\nline",,x\nlast,"",end';
  const expected = [
    ['a', 'b', 'c'],
    ['quoted, comma', 'say "hi"', 'plain'],
    ['multi\r\nline', '', 'x'],
    ['last', '', 'end'],
  ];

  it.each([1, 2, 3, 5, 7, 1000])('parses the same records with %i-character chunks', async (size) => {
    expect(await collect(parseCsvRecords(chunks(text, size)))).toEqual(expected);
  });

  it('handles a trailing newline, blank lines, a lone CR and a trailing empty field', async () => {
    expect(await collect(parseCsvRecords(['a,b\n\n', 'c,\rd,e\r\n']))).toEqual([
      ['a', 'b'],
      ['c', ''],
      ['d', 'e'],
    ]);
  });

  it('decodes UTF-8 bytes split inside a character and drops the BOM', async () => {
    const bytes = new TextEncoder().encode('\ufeffname,town\r\nZoë,Ystradgynlais\r\n');
    const byteChunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(await collect(parseCsvRecords(byteChunks))).toEqual([
      ['name', 'town'],
      ['Zoë', 'Ystradgynlais'],
    ]);
  });

  it('drops a BOM from string input too', async () => {
    expect(await collect(parseCsvRecords(['\ufeffpcd,lat\n']))).toEqual([['pcd', 'lat']]);
  });

  it.each([
    ['an unterminated quote', 'a,"open\n'],
    ['text after a closing quote', '"a"b,c\n'],
  ])('rejects %s', async (_, bad) => {
    await expect(collect(parseCsvRecords([bad]))).rejects.toBeInstanceOf(CsvError);
  });

  it('stops reading the source when the consumer stops early', async () => {
    let closed = false;
    let produced = 0;
    async function* endless() {
      try {
        for (;;) {
          produced += 1;
          yield `row,${produced}\n`;
        }
      } finally {
        closed = true;
      }
    }
    for await (const record of parseCsvRecords(endless())) {
      if (record[1] === '3') break;
    }
    // Give the pipeline a turn to tear down the source.
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
    expect(produced).toBeLessThan(10_000);
  });

  it('passes on a failing source', async () => {
    async function* failing() {
      yield 'a,b\n';
      throw new Error('disk gone');
    }
    await expect(collect(parseCsvRecords(failing()))).rejects.toThrow('disk gone');
  });

  it('reads an async stream', async () => {
    async function* stream() {
      yield 'x,y\n1,';
      yield '2\n';
    }
    expect(await collect(parseCsvRecords(stream()))).toEqual([
      ['x', 'y'],
      ['1', '2'],
    ]);
  });
});

describe('parseOnsPostcodeCsv', () => {
  // The shape of an ONSPD extract: many columns, pcd fixed width, pcds with one space.
  const onspd = [
    'pcd,pcd2,pcds,dointr,doterm,oscty,lat,long,ctry',
    '"AB1 0AA","AB1  0AA","AB1 0AA","198001","199606","S99999999",57.101474,-2.242851,"S92000003"',
    '"SW1A1AA","SW1A 1AA","SW1A 1AA","198001","","E99999999",51.501009,-0.141588,"E92000001"',
    '"M1  1AE","M1   1AE","M1 1AE","198001","","E99999999",53.477366,-2.234892,"E92000001"',
    '"GY1 1AA","GY1  1AA","GY1 1AA","198001","","L99999999",49.455412,-2.536949,"L93000001"',
    '"ZZ991ZZ","ZZ99 1ZZ","ZZ99 1ZZ","198001","","",99.999999,0.000000,""',
    '"BT1 5GS","BT1  5GS","BT1 5GS","198001","","N99999999",99.999999,0.000000,"N92000002"',
    '"EC1A1BB","EC1A 1BB","EC1A 1BB","198001","","E99999999",,,"E92000001"',
    '"LS1 1UR","LS1  1UR","LS1 1UR"',
    '',
  ].join('\r\n');

  it('yields centroids of usable rows and reports the rest', async () => {
    const skipped: OnsSkip[] = [];
    const rows = await collect(
      parseOnsPostcodeCsv(chunks(onspd, 37), { onSkip: (skip) => skipped.push(skip) }),
    );
    expect(rows).toEqual([
      { postcode: 'AB1 0AA', outward: 'AB1', area: 'AB', lat: 57.101474, lon: -2.242851 }, // terminated, kept
      { postcode: 'SW1A 1AA', outward: 'SW1A', area: 'SW', lat: 51.501009, lon: -0.141588 },
      { postcode: 'M1 1AE', outward: 'M1', area: 'M', lat: 53.477366, lon: -2.234892 },
    ]);
    expect(skipped).toEqual([
      { row: 4, reason: 'invalid_postcode', value: 'GY1 1AA' },
      { row: 5, reason: 'invalid_postcode', value: 'ZZ99 1ZZ' },
      { row: 6, reason: 'no_location', value: 'BT1 5GS' },
      { row: 7, reason: 'no_location', value: 'EC1A 1BB' },
      { row: 8, reason: 'short_row', value: 'LS1 1UR,LS1  1UR,LS1 1UR' },
    ]);
  });

  it('finds columns by name in any order and case, falling back to pcd', async () => {
    const csv = 'LONG,ctry,PCD,LAT\n-1.5491,E92000001,LS1  1UR,53.8008\n';
    expect(await collect(parseOnsPostcodeCsv([csv]))).toEqual([
      { postcode: 'LS1 1UR', outward: 'LS1', area: 'LS', lat: 53.8008, lon: -1.5491 },
    ]);
  });

  it.each([
    ['missing coordinates', 'pcds,lat\nSW1A 1AA,51.5\n'],
    ['an empty file', ''],
  ])('rejects %s', async (_, csv) => {
    await expect(collect(parseOnsPostcodeCsv([csv]))).rejects.toBeInstanceOf(CsvError);
  });
});
