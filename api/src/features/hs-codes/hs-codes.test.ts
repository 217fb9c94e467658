import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { EVERYDAY_WORDS } from './hs-codes.aliases';
import { foldWord, HS_CODE_COUNT, searchHsCodes } from './hs-codes.search';

describe('the nomenclature', () => {
  it('holds every chapter, heading and subheading of the source', () => {
    // 6,940 rows less the four 'TOTAL' rows that are not codes.
    expect(HS_CODE_COUNT).toBe(6936);
  });

  it('knows every code the everyday words point to', () => {
    for (const [word, codes] of Object.entries(EVERYDAY_WORDS)) {
      for (const code of codes) {
        expect(searchHsCodes(code, 1)[0]?.code, `${word} → ${code}`).toBe(code);
      }
    }
  });
});

describe('searchHsCodes', () => {
  it.each([
    ['jumper', '6110'],
    ['jumpers', '6110'],
    ['trainers', '640411'],
    ['mobile phone', '851713'],
    ['laptop', '847130'],
    ['wool', '51'],
    ['handbags leather', '420221'],
  ])('%s finds %s first', (q, code) => {
    expect(searchHsCodes(q)[0]?.code).toBe(code);
  });

  it('follows an everyday heading with its subheadings, ready to pick', () => {
    const codes = searchHsCodes('jumper').map((r) => r.code);
    expect(codes.slice(0, 3)).toEqual(['6110', '611011', '611012']);
  });

  it('needs every word and folds plurals both ways', () => {
    const shirts = searchHsCodes('cotton shirts', 50);
    expect(shirts.length).toBeGreaterThan(0);
    for (const r of shirts) {
      expect(r.description.toLowerCase()).toContain('cotton');
      expect(r.description.toLowerCase()).toMatch(/shirt/);
    }
    expect(searchHsCodes('knife').map((r) => r.code)).toContain('8211');
    expect(searchHsCodes('box').map((r) => r.code)).toEqual(searchHsCodes('boxes').map((r) => r.code));
  });

  it('finds by code prefix, with or without dots and the UK digits', () => {
    expect(searchHsCodes('6110').map((r) => r.code)).toEqual([
      '6110',
      '611011',
      '611012',
      '611019',
      '611020',
      '611030',
      '611090',
    ]);
    expect(searchHsCodes('6110.20')[0]?.code).toBe('611020');
    expect(searchHsCodes('6110200010')[0]?.code).toBe('611020');
    expect(searchHsCodes('61', 3).map((r) => r.level)).toEqual([2, 4, 4]);
  });

  it('finds nothing for nonsense', () => {
    expect(searchHsCodes('xyzzy')).toEqual([]);
  });

  it.each([
    ['shoes', 'shoe'],
    ['boxes', 'box'],
    ['batteries', 'battery'],
    ['knives', 'knife'],
    ['leaves', 'leaf'],
    ['glasses', 'glass'],
  ])('folds %s and %s alike', (plural, singular) => {
    expect(foldWord(plural)).toBe(foldWord(singular));
  });

  it('leaves words that only look plural alone', () => {
    expect(['dress', 'glass', 'cactus', 'analysis', 'gas'].map(foldWord)).toEqual([
      'dress',
      'glass',
      'cactus',
      'analysis',
      'gas',
    ]);
  });
});

describe('GET /hs-codes', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('answers the best matches first, cacheable', async () => {
    const res = await t.get('/api/v1/hs-codes?q=jumper&limit=2');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.body).toEqual({
      items: [
        { code: '6110', description: expect.stringContaining('Jerseys, pullovers'), level: 4 },
        { code: '611011', description: expect.stringContaining('of wool'), level: 6 },
      ],
    });
  });

  it.each([
    ['', 'q'],
    ['?q=a', 'q'],
    ['?q=wool&limit=0', 'limit'],
    ['?q=wool&limit=many', 'limit'],
  ])('refuses %s naming %s', async (query, field) => {
    const res = await t.get(`/api/v1/hs-codes${query}`);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
  });
});
