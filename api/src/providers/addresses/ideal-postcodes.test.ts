import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeIdealPostcodes,
  pafAddress,
  startFakeIdealPostcodes,
} from '../../test/fake-ideal-postcodes/server';
import { AddressLookupError, cachedAddressLookup, createIdealPostcodesLookup } from '.';

/** A block of flats with more premises than one page of 100. */
const flats = Array.from({ length: 230 }, (_, i) =>
  pafAddress({
    postcode: 'M1 1AE',
    line_1: `Flat ${i + 1}`,
    line_2: 'Piccadilly Place',
    post_town: 'MANCHESTER',
    udprn: 50000000 + i,
  }),
);

let fake: FakeIdealPostcodes;
beforeEach(async () => {
  fake = await startFakeIdealPostcodes({
    addresses: {
      'SW1A 2AA': [
        pafAddress({
          postcode: 'SW1A 2AA',
          line_1: 'Prime Minister & First Lord Of The Treasury',
          line_2: '10 Downing Street',
          post_town: 'London',
          county: 'London',
          udprn: 23747771,
        }),
        pafAddress({
          postcode: 'SW1A 2AA',
          organisation_name: 'Cabinet Office',
          line_1: 'Cabinet Office',
          line_2: '70 Whitehall',
          line_3: 'Westminster',
          post_town: 'London',
          county: 'London',
          udprn: 23747772,
        }),
      ],
      'M1 1AE': flats,
    },
  });
});
afterEach(async () => {
  expect(fake.problems).toEqual([]);
  expect(fake.rejected).toEqual([]);
  await fake.close();
});

const client = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
  createIdealPostcodesLookup({
    apiKey: options.apiKey ?? fake.apiKey,
    baseUrl: fake.url,
    timeoutMs: options.timeoutMs,
  });

describe('Ideal Postcodes client', () => {
  it("maps PAF's lines, post town and county onto the booking form's fields", async () => {
    expect(await client().addressesAt('SW1A 2AA')).toEqual([
      {
        line1: 'Prime Minister & First Lord Of The Treasury',
        line2: '10 Downing Street',
        town: 'London',
        county: 'London',
        postcode: 'SW1A 2AA',
        country: 'GB',
      },
      {
        line1: 'Cabinet Office',
        line2: '70 Whitehall, Westminster',
        town: 'London',
        county: 'London',
        postcode: 'SW1A 2AA',
        country: 'GB',
      },
    ]);
  });

  it('sends the key in the Authorization header, never in the URL', async () => {
    await client().addressesAt('SW1A 2AA');
    expect(fake.requests).toEqual([{ postcode: 'SW1A 2AA', query: {}, keyVia: 'header', status: 200 }]);
  });

  it('reads every page of a postcode with more than 100 premises, and writes capitals as a town name', async () => {
    const addresses = await client().addressesAt('M1 1AE');
    expect(addresses).toHaveLength(230);
    expect(addresses[229]).toMatchObject({ line1: 'Flat 230', town: 'Manchester' });
    expect(fake.requests.map((r) => r.query)).toEqual([{}, { page: '1' }, { page: '2' }]);
  });

  it('answers an empty list for a postcode the service does not know', async () => {
    expect(await client().addressesAt('SW1A 2AB')).toEqual([]);
  });

  it.each([
    ['a wrong key', () => ({}), 'unauthorized', 'ak_wrong'],
    ['a spent balance', () => fake.injectFault({ status: 402 }), 'no_balance', undefined],
    ['rate limiting', () => fake.injectFault({ status: 503 }), 'upstream_http', undefined],
    ['a dropped connection', () => fake.injectFault({ drop: true }), 'upstream_unreachable', undefined],
  ])('rejects with a reason on %s', async (_, arrange, code, apiKey) => {
    arrange();
    const error = await client({ apiKey })
      .addressesAt('SW1A 2AA')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AddressLookupError);
    expect((error as AddressLookupError).code).toBe(code);
  });

  it('gives up on a slow answer after its timeout', async () => {
    fake.injectFault({ delayMs: 10_000 });
    const error = await client({ timeoutMs: 50 })
      .addressesAt('SW1A 2AA')
      .catch((e: unknown) => e);
    expect((error as AddressLookupError).code).toBe('upstream_unreachable');
  });
});

describe('cachedAddressLookup', () => {
  it('asks once per postcode, shares simultaneous asks, and does not keep failures', async () => {
    const lookup = cachedAddressLookup(client());
    const [a, b] = await Promise.all([lookup.addressesAt('SW1A 2AA'), lookup.addressesAt('SW1A 2AA')]);
    expect(a).toEqual(b);
    await lookup.addressesAt('SW1A 2AA');
    expect(fake.requests).toHaveLength(1);

    fake.injectFault({ status: 500 });
    await expect(lookup.addressesAt('M1 1AE')).rejects.toBeInstanceOf(AddressLookupError);
    expect(await lookup.addressesAt('M1 1AE')).toHaveLength(230);
  });
});
