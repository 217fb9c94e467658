/**
 * Inputs at the edges, over real HTTP against the world of world.ts: a body nested 5,000 deep on
 * every JSON route, and extreme dates on every input that takes a date. No answer is a 5xx; a
 * date outside its stated range (a collection day within the next 12 months, filters within the
 * years 2000 to 2100) is a 422 naming the field.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { pointBody } from '../features/dropoff-points/dropoff-points.testing';
import { address, bookingBody, deliveryAddress, quoteOptionFor } from '../features/orders/orders.testing';
import { MAX_JSON_DEPTH } from '../lib/request-hygiene';
import { type JsonSchema, OPERATIONS, resolve } from './contract';
import { type Reply, startWorld, TODAY, type World } from './world';

let world: World;
let fresh: { quoteId: string; optionId: string };
beforeAll(async () => {
  world = await startWorld();
  const { quote, option } = await quoteOptionFor(
    world.t,
    world.cast.ids.serviceA,
    undefined,
    world.cast.customerA,
  );
  fresh = { quoteId: quote.id, optionId: option.id };
}, 120_000);
afterAll(() => world?.close());

describe('a body nested 5,000 deep', () => {
  const jsonRoutes = OPERATIONS.filter((op) => op.jsonBody);
  it.each(jsonRoutes.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s answers 400 naming the depth limit, never 5xx',
    async (_name, op) => {
      const path = op.path.replace(/\{[^}]+\}/g, '0190a1b2-0000-7000-8000-000000000000');
      const res = await world.http(op.method, path, {
        raw: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('json_too_deep');
      expect(res.body.detail).toContain(String(MAX_JSON_DEPTH));
    },
  );
});

const OUT_OF_RANGE = ['9999-12-31', '0001-01-01', '0000-01-01', '1999-12-31', '2101-01-01'];
const MALFORMED = ['+275760-09-13', '2026-02-30', '99999-01-01', '2026-1-1'];

/** Every input that takes a date, each as one request carrying that date. */
const DATE_INPUTS: Record<string, (date: string) => Promise<Reply>> = {
  'POST /api/v1/quotes': (d) =>
    world.http('POST', '/api/v1/quotes', {
      body: {
        serviceType: 'domestic',
        from: 'England',
        to: 'Scotland',
        parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
        collectionDate: d,
      },
    }),
  'POST /api/v1/orders': (d) =>
    world.http('POST', '/api/v1/orders', {
      token: world.cast.customerA,
      body: bookingBody(fresh.optionId, d),
    }),
  'GET /api/v1/quotes/{id}/options/{optionId}/delivery-date': (d) =>
    world.http(
      'GET',
      `/api/v1/quotes/${fresh.quoteId}/options/${fresh.optionId}/delivery-date?collectionDate=${encodeURIComponent(d)}`,
    ),
  'PATCH /api/v1/vendor/orders/{id}': (d) =>
    world.http('PATCH', `/api/v1/vendor/orders/${world.cast.ids.orderA}`, {
      token: world.cast.vendorA,
      body: { collectionDate: d },
    }),
  'POST /api/v1/vendor/orders/{id}/events': (d) =>
    world.http('POST', `/api/v1/vendor/orders/${world.cast.ids.orderA}/events`, {
      token: world.cast.vendorA,
      body: { kind: 'delayed', expectedDelivery: d },
    }),
  'GET /api/v1/vendor/orders': (d) =>
    world.http('GET', `/api/v1/vendor/orders?from=${encodeURIComponent(d)}&to=${encodeURIComponent(d)}`, {
      token: world.cast.vendorA,
    }),
  'GET /api/v1/vendor/orders/export.csv': (d) =>
    world.http('GET', `/api/v1/vendor/orders/export.csv?from=${encodeURIComponent(d)}`, {
      token: world.cast.vendorA,
    }),
  'GET /api/v1/admin/orders': (d) =>
    world.http(
      'GET',
      `/api/v1/admin/orders?filter=${encodeURIComponent(JSON.stringify({ from: d, to: d }))}`,
      {
        token: world.cast.admin,
      },
    ),
  'GET /api/v1/dropoff-points': (d) =>
    world.http(
      'GET',
      `/api/v1/dropoff-points?postcode=SW1A%201AA&serviceId=${world.cast.ids.serviceA}&date=${encodeURIComponent(d)}`,
    ),
  'POST /api/v1/vendor/dropoff-points': (d) =>
    world.http('POST', '/api/v1/vendor/dropoff-points', {
      token: world.cast.vendorA,
      body: pointBody([world.cast.ids.serviceA], { code: `X${d}`, closedDates: [{ date: d }] }),
    }),
  'PATCH /api/v1/vendor/dropoff-points/{id}': (d) =>
    world.http('PATCH', `/api/v1/vendor/dropoff-points/${world.cast.ids.dropOffPointA}`, {
      token: world.cast.vendorA,
      body: { closedDates: [{ date: d }] },
    }),
  'POST /api/v1/jobs': (d) =>
    world.http('POST', '/api/v1/jobs', {
      token: world.cast.customerA,
      body: {
        serviceType: 'domestic',
        from: 'England',
        to: 'Scotland',
        parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
        collectionAddress: address(),
        deliveryAddress: deliveryAddress(),
        collectionDate: d,
        contents: 'Books',
        contentValue: 2500,
        askingPrice: { amount: 2400, currency: 'GBP' },
      },
    }),
};

describe('extreme dates', () => {
  it('covers every operation of the contract that takes a date', () => {
    const doc = parse(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8')) as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: unknown[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
        >
      >;
    };
    const takingDates = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => {
          const body = resolve(op.requestBody?.content?.['application/json']?.schema);
          return JSON.stringify([body, op.parameters ?? []]).includes('"format":"date"');
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(takingDates.length).toBeGreaterThan(0);
    for (const op of takingDates) expect(Object.keys(DATE_INPUTS), `${op} needs a case here`).toContain(op);
  });

  it.each(Object.keys(DATE_INPUTS))(
    '%s: out-of-range dates answer 422, malformed ones never 5xx',
    async (name) => {
      const send = DATE_INPUTS[name]!;
      for (const date of OUT_OF_RANGE) {
        const res = await send(date);
        expect(res.status, `${name} with ${date}: ${JSON.stringify(res.body)}`).toBe(422);
      }
      for (const date of MALFORMED) {
        const res = await send(date);
        expect(res.status, `${name} with ${date}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      }
      // A day a year and a day ahead is outside the 12 months for collections; filters and a
      // drop-off point's closed days take it.
      const nextYear = `${Number(TODAY.slice(0, 4)) + 1}${TODAY.slice(4, 8)}${String(Number(TODAY.slice(8)) + 1).padStart(2, '0')}`;
      const later = await send(nextYear);
      expect(later.status).toBeLessThan(500);
      if (
        /collection|quotes|orders$|jobs|PATCH/.test(name) &&
        !/GET \/api\/v1\/(vendor|admin)|dropoff-points/.test(name)
      ) {
        expect(later.status, `${name} with ${nextYear}: ${JSON.stringify(later.body)}`).toBe(422);
      }
    },
    60_000,
  );
});
