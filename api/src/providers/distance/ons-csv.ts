/**
 * Parsing of the ONS Postcode Directory (ONSPD) CSV for `pnpm postcodes:import`, which loads
 * exact postcode centroids. Streaming: the full file is over a gigabyte with ~2.7 million
 * rows, so it is read chunk by chunk (csv-parse's stream parser, with back-pressure) and
 * yields one row at a time; memory stays at a few chunks however large the file is.
 */
import { pipeline, Readable } from 'node:stream';
import { CsvError as CsvParseError, parse } from 'csv-parse';
import { isInUk } from './geo';
import { parseUkPostcode } from './postcode';

/** A file that is not CSV, or not an ONSPD extract; the import reports it and stops. */
export class CsvError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CsvError';
  }
}

type Chunk = string | Uint8Array;
type ChunkSource = AsyncIterable<Chunk> | Iterable<Chunk>;

async function* asBuffers(source: ChunkSource): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    if (chunk.length > 0) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
  }
}

/**
 * Streams RFC 4180 records from text or UTF-8 byte chunks: quoted fields may hold commas,
 * doubled quotes and line breaks; records end with CRLF, LF or a lone CR (files that went
 * through old spreadsheet tools mix them); a UTF-8 BOM is dropped; blank lines are skipped;
 * rows may have fewer fields than the header (the caller decides what a short row means).
 */
export async function* parseCsvRecords(source: ChunkSource): AsyncGenerator<string[]> {
  const parser = parse({
    bom: true,
    encoding: 'utf8',
    record_delimiter: ['\r\n', '\n', '\r'],
    skip_empty_lines: true,
    relax_column_count: true,
  });
  // pipeline forwards a failing source into the parser and, when the caller stops early,
  // destroys the source too, so an abandoned import does not keep the file open.
  const records = pipeline(Readable.from(asBuffers(source)), parser, () => {});
  try {
    for await (const record of records as AsyncIterable<string[]>) yield record;
  } catch (error) {
    if (error instanceof CsvParseError) throw new CsvError(error.message, { cause: error });
    throw error;
  }
}

export type OnsPostcodeCentroid = {
  /** Canonical "AB1 0AA", the key `LookupCentroid` is called with. */
  postcode: string;
  outward: string;
  area: string;
  lat: number;
  lon: number;
};

export type OnsSkip = {
  row: number;
  reason: 'invalid_postcode' | 'no_location' | 'short_row';
  value: string;
};

export type ParseOnsOptions = {
  /** Called for each row left out, so the import can report how many and why. */
  onSkip?: ((skip: OnsSkip) => void) | undefined;
};

function columnIndex(header: readonly string[], ...names: string[]): number {
  const normalised = header.map((name) => name.trim().toLowerCase());
  for (const name of names) {
    const index = normalised.indexOf(name);
    if (index !== -1) return index;
  }
  return -1;
}

/**
 * Yields one centroid per usable ONSPD row. Columns are found by header name, case-insensitive,
 * because their order and case change between releases: the postcode from `pcds` (one space)
 * or else `pcd` (7-character fixed width), and `lat` / `long` (WGS84).
 *
 * Left out: postcodes outside the UK postcode areas (ONSPD also covers the Channel Islands and
 * the Isle of Man) and rows without a grid reference, which ONSPD marks with the placeholder
 * lat 99.999999, long 0.000000. Terminated postcodes are kept: old addresses still use them.
 */
export async function* parseOnsPostcodeCsv(
  source: ChunkSource,
  options: ParseOnsOptions = {},
): AsyncGenerator<OnsPostcodeCentroid> {
  let columns: { postcode: number; lat: number; lon: number } | undefined;
  let row = 0;
  for await (const record of parseCsvRecords(source)) {
    if (!columns) {
      const postcode = columnIndex(record, 'pcds', 'pcd');
      const lat = columnIndex(record, 'lat');
      const lon = columnIndex(record, 'long');
      if (postcode === -1 || lat === -1 || lon === -1) {
        throw new CsvError('Not an ONS Postcode Directory CSV: need pcds or pcd, lat and long columns');
      }
      columns = { postcode, lat, lon };
      continue;
    }
    row += 1;
    const rawPostcode = record[columns.postcode];
    const rawLat = record[columns.lat];
    const rawLon = record[columns.lon];
    if (rawPostcode === undefined || rawLat === undefined || rawLon === undefined) {
      options.onSkip?.({ row, reason: 'short_row', value: record.join(',') });
      continue;
    }
    const parsed = parseUkPostcode(rawPostcode);
    if (!parsed) {
      options.onSkip?.({ row, reason: 'invalid_postcode', value: rawPostcode });
      continue;
    }
    // Number('') is 0, which isInUk rejects along with the 99.999999 placeholder.
    const point = { lat: Number(rawLat.trim() || Number.NaN), lon: Number(rawLon.trim() || Number.NaN) };
    if (!isInUk(point)) {
      options.onSkip?.({ row, reason: 'no_location', value: rawPostcode });
      continue;
    }
    yield {
      postcode: parsed.postcode,
      outward: parsed.outward,
      area: parsed.area,
      lat: point.lat,
      lon: point.lon,
    };
  }
  if (!columns) throw new CsvError('The CSV is empty');
}
