import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { HS_CODE_COUNT, searchHsCodes, words } from './hs-codes.search';

const codes = (query: string, limit = 5) => searchHsCodes(query, limit).map((item) => item.code);

describe('searchHsCodes', () => {
  it('knows the whole nomenclature: chapters, headings and subheadings', () => {
    expect(HS_CODE_COUNT()).toBe(6940);
  });

  it.each([
    // [query, a code among the first results]
    ['jumper', '6110'], // everyday word the tariff does not use
    ['jumpers', '6110'], // plural folded
    ['mobile phone', '8517'],
    ['laptop', '8471'],
    ['trainers', '6404'],
    ['wool', '51'], // a word in the descriptions
    ['pullovers', '6110'],
    ['6110', '6110'], // code prefix
    ['61101', '611011'],
    ['6110.11.10', '611011'], // a UK commodity code finds its 6-digit subheading
  ])('%s finds %s', (query, code) => {
    expect(codes(query)).toContain(code);
  });

  it('puts the heading of an everyday word first', () => {
    expect(codes('jumper')[0]).toBe('6110');
    expect(searchHsCodes('laptop')[0]).toMatchObject({ code: '8471', level: 4 });
  });

  it('finds nothing for nothing, and at most the limit', () => {
    expect(searchHsCodes('')).toEqual([]);
    expect(searchHsCodes('zzzzqqq')).toEqual([]);
    expect(searchHsCodes('animals', 20).length).toBeLessThanOrEqual(20);
  });

  it('folds plurals', () => {
    expect(words('Boxes, shoes, dresses and batteries')).toEqual(['box', 'shoe', 'dress', 'and', 'battery']);
  });
});

describe('GET /hs-codes', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('answers the best matches as { items: [{ code, description, level }] }', async () => {
    const res = await t.get('/api/v1/hs-codes?q=jumper');
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toEqual({
      code: '6110',
      description: expect.stringMatching(/^Jerseys, pullovers/),
      level: 4,
    });
  });

  it('names the field when the query is too short', async () => {
    const res = await t.get('/api/v1/hs-codes?q=a');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ path: 'q', message: 'Type at least 2 characters' }]);
  });
});
