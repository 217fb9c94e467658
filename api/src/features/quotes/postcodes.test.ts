import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { postcodes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  countPostcodes,
  createPostcodeCentroidLookup,
  type ImportProgress,
  importPostcodes,
} from './postcodes.service';

const run = promisify(execFile);
const apiRoot = fileURLToPath(new URL('../../../', import.meta.url));

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const centroid = (postcode: string, lat: number, lon: number) => ({
  postcode,
  outward: postcode.split(' ')[0]!,
  area: postcode.replace(/\d.*/, ''),
  lat,
  lon,
});

describe('importPostcodes', () => {
  it('writes in batches, reports progress and updates postcodes already there', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => centroid(`M1 ${i + 1}AA`, 53.4 + i / 1000, -2.2));
    const progress: ImportProgress[] = [];
    const result = await importPostcodes(t.deps.db, rows, {
      batchSize: 5,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ imported: 12, batches: 3 });
    expect(progress).toEqual([
      { imported: 5, batches: 1 },
      { imported: 10, batches: 2 },
      { imported: 12, batches: 3 },
    ]);
    expect(await countPostcodes(t.deps.db)).toBe(12);

    await importPostcodes(t.deps.db, [centroid('M1 1AA', 53.5, -2.25)]);
    const lookup = createPostcodeCentroidLookup(t.deps.db);
    expect(await lookup('M1 1AA')).toEqual({ lat: 53.5, lon: -2.25 });
    expect(await countPostcodes(t.deps.db)).toBe(12);
  });

  it('looks up the postcode, else the mean of its outward code, else nothing', async () => {
    await importPostcodes(t.deps.db, [
      centroid('LS1 1UR', 53.8, -1.55),
      centroid('LS1 4AP', 53.79, -1.54),
      centroid('LS10 1JF', 53.78, -1.53),
    ]);
    const lookup = createPostcodeCentroidLookup(t.deps.db);
    expect(await lookup('LS1 1UR')).toEqual({ lat: 53.8, lon: -1.55 });
    // LS1 9ZZ is not listed: the average of LS1's two (LS10 is another district).
    const district = await lookup('LS1 9ZZ');
    expect(district!.lat).toBeCloseTo(53.795, 9);
    expect(district!.lon).toBeCloseTo(-1.545, 9);
    expect(await lookup('LS2 9JT')).toBeNull();
  });
});

describe('pnpm postcodes:import', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'consign-postcodes-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const script = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ['--import', 'tsx', join(apiRoot, 'scripts/postcodes-import.ts'), ...args], {
      cwd: apiRoot,
      env: { ...process.env, DATA_DIR: join(dir, 'data'), INIT_CWD: dir, ...env },
    });

  it('loads an ONSPD-style CSV end to end, in batches, skipping unusable rows', async () => {
    // An ONSPD extract's shape: many columns, quoted, CRLF, pcd fixed width beside pcds.
    const inward = (i: number) => `${i % 10}A${'ABD'[Math.floor(i / 10)]}`;
    const good = Array.from({ length: 23 }, (_, i) => {
      const pcds = `SW1A ${inward(i)}`;
      return `"${pcds.replace(' ', '')}","${pcds}","198001","","E99999999",${(51.5 + i / 10000).toFixed(6)},-0.141588,"E92000001"`;
    });
    const csv = [
      'pcd,pcds,dointr,doterm,oscty,lat,long,ctry',
      ...good,
      '"GY1 1AA","GY1 1AA","198001","","L99999999",49.455412,-2.536949,"L93000001"', // Guernsey: not UK
      '"BT1 5GS","BT1 5GS","198001","","N99999999",99.999999,0.000000,"N92000002"', // no grid reference
      '',
    ].join('\r\n');
    writeFileSync(join(dir, 'onspd.csv'), csv);

    // Relative to where the command was typed (INIT_CWD), not api/.
    const { stdout } = await script(['onspd.csv', '--batch-size', '10']);
    expect(stdout).toMatch(/10 imported, 0 skipped/);
    expect(stdout).toMatch(/20 imported/);
    expect(stdout).toMatch(/Done: 23 postcodes imported in 3 batch\(es\), 2 rows skipped/);
    expect(stdout).toMatch(/1 × invalid_postcode, e\.g\. row 24: GY1 1AA/);
    expect(stdout).toMatch(/1 × no_location, e\.g\. row 25: BT1 5GS/);

    const db = await openDatabase({ url: `file:${join(dir, 'data', 'consign.db')}` });
    try {
      const rows = await db.select().from(postcodes).orderBy(asc(postcodes.lat));
      expect(rows).toHaveLength(23);
      expect(rows[0]).toEqual({ postcode: 'SW1A 0AA', outward: 'SW1A', lat: 51.5, lon: -0.141588 });
      expect(rows[22]).toEqual({ postcode: 'SW1A 2AD', outward: 'SW1A', lat: 51.5022, lon: -0.141588 });
    } finally {
      db.$client.close();
    }
  });

  it('refuses a file that is not an ONS postcode CSV', async () => {
    writeFileSync(join(dir, 'other.csv'), 'name,email\nAda,ada@example.com\n');
    const failed = await script(['other.csv']).catch((err: { code: number; stderr: string }) => err);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/need pcds or pcd, lat and long/);
  });

  it('explains its usage', async () => {
    const failed = await script([]).catch((err: { code: number; stderr: string }) => err);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toMatch(/usage: postcodes:import/);
  });
});
