/**
 * Every booking path checks each postcode against the nation its price was quoted for: a single
 * booking, a widget booking (a quote asked with a publishable key) and a job here; the batch
 * rows and the partner's batch route in features/batches.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nationsOfPostcode } from '../../providers/distance';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPartner, QUOTE_BODY } from '../partners/partners.testing';
import { address, bookingBody, bookingFixture, deliveryAddress, quoteOptionFor } from './orders.testing';

let t: TestApp;
const TODAY = '2026-03-10';

const LEEDS = deliveryAddress({
  line1: '1 Park Row',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'ls1 5ab',
});

describe('nationsOfPostcode', () => {
  it.each([
    ['LS1 5AB', ['England']],
    ['EH1 1AA', ['Scotland']],
    ['CF10 1AA', ['Wales']],
    ['BT1 1AA', ['Northern Ireland']],
    // Border areas may be in either nation.
    ['TD15 1AA', ['England', 'Scotland']],
    ['CH5 1AA', ['England', 'Wales']],
    ['not a postcode', []],
    ['JE2 3AB', []],
  ])('%s is in %j', (postcode, nations) => {
    expect(nationsOfPostcode(postcode)).toEqual(nations);
  });
});

describe('a booking whose postcode is outside the nation it was priced for', () => {
  beforeEach(async () => {
    t = await createTestApp();
    const now = new Date(`${TODAY}T10:00:00Z`);
    t.deps.now = () => now;
  });
  afterEach(() => t.close());

  it('answers 422 naming the delivery postcode (an England to Scotland quote booked to Leeds)', async () => {
    const f = await bookingFixture(t);
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const res = await t.post(
      '/api/v1/orders',
      bookingBody(option.id, TODAY, { deliveryAddress: LEEDS }),
      f.auth,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      {
        path: 'deliveryAddress.postcode',
        message:
          'This quote is for delivery to Scotland, but LS1 5AB is in England; check the postcode or get a new quote for England',
      },
    ]);
  });

  it('names the collection postcode too, and accepts a border postcode in either nation', async () => {
    const f = await bookingFixture(t);
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const cardiff = address({ town: 'Cardiff', county: 'Glamorgan', postcode: 'CF10 1AA' });
    const wrong = await t.post(
      '/api/v1/orders',
      bookingBody(option.id, TODAY, { collectionAddress: cardiff }),
      f.auth,
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.map((e: { path: string }) => e.path)).toEqual(['collectionAddress.postcode']);

    const berwick = deliveryAddress({
      town: 'Berwick-upon-Tweed',
      county: 'Northumberland',
      postcode: 'TD15 1AA',
    });
    const border = await t.post(
      '/api/v1/orders',
      bookingBody(option.id, TODAY, { deliveryAddress: berwick }),
      f.auth,
    );
    expect(border.status).toBe(201);
  });

  it('refuses a widget booking the same way (a quote asked with a publishable key)', async () => {
    const { partner } = await createPartner(t);
    const f = await bookingFixture(t);
    const quote = await t.post('/api/v1/quotes', QUOTE_BODY, {
      'X-Publishable-Key': partner.publishableKey,
      Origin: 'https://shop.example',
    });
    expect(quote.status).toBe(201);
    const option = quote.body.options.find(
      (o: { courierService: { id: string } }) => o.courierService.id === f.vendor.service.id,
    );
    const res = await t.post(
      '/api/v1/orders',
      bookingBody(option.id, TODAY, { deliveryAddress: LEEDS }),
      f.auth,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe('deliveryAddress.postcode');
  });

  it('refuses a job posted for one nation with an address in another', async () => {
    const f = await bookingFixture(t);
    const res = await t.post(
      '/api/v1/jobs',
      {
        serviceType: 'domestic',
        from: 'England',
        to: 'Scotland',
        parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
        collectionAddress: address(),
        deliveryAddress: LEEDS,
        collectionDate: TODAY,
        contents: 'Books',
        contentValue: 2500,
        askingPrice: { amount: 2400, currency: 'GBP' },
      },
      f.auth,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      {
        path: 'deliveryAddress.postcode',
        message:
          'This job is for delivery to Scotland, but LS1 5AB is in England; check the postcode or get a new quote for England',
      },
    ]);
  });
});
