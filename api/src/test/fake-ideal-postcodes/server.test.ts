import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IdealPostcodesContract } from './contract';
import { type FakeIdealPostcodes, pafAddress, startFakeIdealPostcodes } from './server';

const contract = IdealPostcodesContract.load();
const downing = pafAddress({
  postcode: 'SW1A 2AA',
  line_1: 'Prime Minister & First Lord Of The Treasury',
  line_2: '10 Downing Street',
  post_town: 'London',
  county: 'London',
  udprn: 23747771,
});

let fake: FakeIdealPostcodes;
beforeEach(async () => {
  fake = await startFakeIdealPostcodes({ addresses: { 'SW1A 2AA': [downing] } });
});
afterEach(async () => {
  expect(fake.problems).toEqual([]);
  await fake.close();
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${fake.url}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("the published document's schemas", () => {
  it("accept the document's own example and pafAddress()", () => {
    const postcodes = contract.operation('get', '/postcodes/{postcode}');
    const example = (
      postcodes.responses['200'] as {
        content: Record<string, { examples: Record<string, { value: unknown }> }>;
      }
    ).content['application/json']?.examples['Postcode Found']?.value;
    expect(contract.validateResponse('get', '/postcodes/{postcode}', 200, example)).toEqual([]);
    const built = { result: [downing], code: 2000, message: 'Success', limit: 100, page: 0, total: 1 };
    expect(contract.validateResponse('get', '/postcodes/{postcode}', 200, built)).toEqual([]);
  });

  it('refuse an address without its required fields or with a wrong type', () => {
    const { line_1: _, ...withoutLine1 } = downing;
    const answer = (result: unknown[]) => ({
      result,
      code: 2000,
      message: 'Success',
      limit: 100,
      page: 0,
      total: 1,
    });
    expect(
      contract.validateResponse('get', '/postcodes/{postcode}', 200, answer([withoutLine1])),
    ).not.toEqual([]);
    expect(
      contract.validateResponse('get', '/postcodes/{postcode}', 200, answer([{ ...downing, udprn: 'x' }])),
    ).not.toEqual([]);
    expect(contract.validateResponse('get', '/postcodes/{postcode}', 404, { code: 4040 })).not.toEqual([]);
  });

  it('declare the query parameters the fake accepts', () => {
    const names = contract.parameters('get', '/postcodes/{postcode}').map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['postcode', 'api_key', 'filter', 'page', 'tags']));
  });
});

describe('fake Ideal Postcodes', () => {
  it('answers the premises of a postcode, space and case insensitive, with the key in the query or header', async () => {
    const viaQuery = await get(`/v1/postcodes/sw1a2aa?api_key=${fake.apiKey}`);
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.body).toMatchObject({
      code: 2000,
      total: 1,
      page: 0,
      result: [{ line_2: '10 Downing Street' }],
    });
    const viaHeader = await get('/v1/postcodes/SW1A%202AA', { authorization: `api_key="${fake.apiKey}"` });
    expect(viaHeader.status).toBe(200);
    expect(fake.requests.map((r) => r.keyVia)).toEqual(['query', 'header']);
  });

  it('refuses a wrong or missing key with 401 (4010)', async () => {
    expect(await get('/v1/postcodes/SW1A2AA?api_key=ak_wrong')).toMatchObject({
      status: 401,
      body: { code: 4010 },
    });
    expect(await get('/v1/postcodes/SW1A2AA')).toMatchObject({ status: 401, body: { code: 4010 } });
  });

  it('refuses query parameters the operation does not declare, and values outside their schema', async () => {
    const unknown = await get(`/v1/postcodes/SW1A2AA?api_key=${fake.apiKey}&limit=5`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { path: '.query.limit', message: "Unknown query parameter 'limit'" },
    ]);
    const page = await get(`/v1/postcodes/SW1A2AA?api_key=${fake.apiKey}&page=101`);
    expect(page.status).toBe(400);
    expect(fake.rejected).toHaveLength(2);
  });

  it('answers 404 (4040) with suggestions for an unknown postcode', async () => {
    const res = await get(`/v1/postcodes/SW1A2AB?api_key=${fake.apiKey}`);
    expect(res).toEqual({
      status: 404,
      body: { code: 4040, message: 'Postcode not found', suggestions: ['SW1A 2AA'] },
    });
  });
});
