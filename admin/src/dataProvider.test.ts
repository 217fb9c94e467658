import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from './dataProvider';
import { createHttpClient } from './http';
import { SessionStore } from './session';
import { problem, session, stubFetch } from './test/fetchStub';
import type { Vendor } from './types';

const vendor = (overrides: Partial<Vendor> = {}): Vendor => ({
  id: 'v-1',
  ownerId: 'u-vendor',
  ownerEmail: 'vendor@consign.example',
  ownerName: null,
  status: 'pending',
  shopName: 'Swift Couriers',
  addressLine1: '1 High Street',
  city: 'Leeds',
  state: null,
  postalCode: 'LS1 1AA',
  country: 'GB',
  description: null,
  website: null,
  logoUrl: null,
  vatNumber: null,
  createdAt: '2025-06-01T10:00:00.000Z',
  updatedAt: '2025-06-01T10:00:00.000Z',
  ...overrides,
});

let store: SessionStore;
let dataProvider: ReturnType<typeof createDataProvider>;

beforeEach(() => {
  store = new SessionStore();
  store.accept(session('admin', 'at-admin'));
  dataProvider = createDataProvider(createHttpClient(store));
});

describe('article preview', () => {
  it('answers the HTML as the API sanitises it', async () => {
    const api = stubFetch({ 'POST /api/v1/admin/article-preview': () => ({ body: { html: '<p>Hi</p>' } }) });
    await expect(dataProvider.previewArticle('<p onclick="x()">Hi</p>')).resolves.toBe('<p>Hi</p>');
    expect(JSON.parse(api.calls[0]!.body!)).toEqual({ html: '<p onclick="x()">Hi</p>' });
  });
});

describe('dashboard', () => {
  it('reads the figures from /admin/stats/dashboard with the bearer token', async () => {
    const figures = { today: '2026-03-11', vendorsPending: 2, ordersToday: 1 };
    const api = stubFetch({ 'GET /api/v1/admin/stats/dashboard': () => ({ body: figures }) });
    await expect(dataProvider.dashboard()).resolves.toEqual(figures);
    expect(api.calls[0]!.headers.get('Authorization')).toBe('Bearer at-admin');
  });
});

describe('reasoned admin actions', () => {
  it('changes an order status with the reason, the new status and an Idempotency-Key', async () => {
    const path = 'POST /api/v1/admin/orders/o-1/status';
    const api = stubFetch({ [path]: () => ({ body: { id: 'o-1', status: 'confirmed' } }) });
    await dataProvider.act({ resource: 'orders', action: 'status' }, 'o-1', 'Phoned the vendor', {
      body: { status: 'confirmed' },
      idempotencyKey: 'k-1',
    });
    const [call] = api.to(path);
    expect(JSON.parse(call!.body!)).toEqual({ status: 'confirmed', reason: 'Phoned the vendor' });
    expect(call!.headers.get('Idempotency-Key')).toBe('k-1');
    expect(call!.headers.get('Authorization')).toBe('Bearer at-admin');
  });

  it('disables a user with the reason in the body', async () => {
    const path = 'POST /api/v1/admin/users/u-1/disable';
    const api = stubFetch({ [path]: () => ({ body: { id: 'u-1', disabled: true } }) });
    await expect(dataProvider.act({ resource: 'users', action: 'disable' }, 'u-1', 'Fraud')).resolves.toEqual(
      { data: { id: 'u-1', disabled: true } },
    );
    expect(api.to(path)[0]!.body).toBe('{"reason":"Fraud"}');
  });

  it.each([
    ['activate', 'active'],
    ['suspend', 'suspended'],
  ] as const)('%s POSTs the reason with the bearer token and returns the vendor', async (action, status) => {
    const path = `POST /api/v1/admin/vendors/v-1/${action}`;
    const api = stubFetch({ [path]: () => ({ body: vendor({ status }) }) });

    const result = await dataProvider.act({ resource: 'vendors', action }, 'v-1', 'Documents checked');

    expect(result).toEqual({ data: vendor({ status }) });
    const [call] = api.to(path);
    expect(call!.headers.get('Authorization')).toBe('Bearer at-admin');
    expect(call!.headers.get('Content-Type')).toBe('application/json');
    expect(call!.body).toBe('{"reason":"Documents checked"}');
    expect(api.calls).toHaveLength(1);
  });

  it('encodes the id into the path', async () => {
    const api = stubFetch({ 'POST /api/v1/admin/vendors/a%2Fb%3Fc/activate': () => ({ body: vendor() }) });
    await dataProvider.act({ resource: 'vendors', action: 'activate' }, 'a/b?c', 'ok');
    expect(api.calls).toHaveLength(1);
  });

  it('rejects with the API problem detail and status when the transition is refused', async () => {
    stubFetch({
      'POST /api/v1/admin/vendors/v-1/suspend': () => problem(409, 'The vendor is already suspended'),
    });
    const error = await dataProvider
      .act({ resource: 'vendors', action: 'suspend' }, 'v-1', 'Complaints')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, message: 'The vendor is already suspended' });
  });

  it('answers a 401 with one refresh and a retry with the new token', async () => {
    const path = 'POST /api/v1/admin/vendors/v-1/activate';
    const api = stubFetch({
      [path]: [() => problem(401, 'Token expired'), () => ({ body: vendor({ status: 'active' }) })],
      'POST /api/v1/auth/refresh': () => ({ body: session('admin', 'at-renewed') }),
    });

    await expect(
      dataProvider.act({ resource: 'vendors', action: 'activate' }, 'v-1', 'ok'),
    ).resolves.toMatchObject({ data: { status: 'active' } });
    expect(api.to(path).map((c) => c.headers.get('Authorization'))).toEqual([
      'Bearer at-admin',
      'Bearer at-renewed',
    ]);
  });

  it('gives up with the 401 when the session cannot be refreshed', async () => {
    const path = 'POST /api/v1/admin/vendors/v-1/activate';
    const api = stubFetch({
      [path]: () => problem(401, 'Token expired'),
      'POST /api/v1/auth/refresh': () => problem(401, 'Sign in again'),
    });

    await expect(
      dataProvider.act({ resource: 'vendors', action: 'activate' }, 'v-1', 'ok'),
    ).rejects.toMatchObject({ status: 401 });
    expect(api.to(path)).toHaveLength(1);
    expect(store.token).toBeNull();
  });
});

describe('standard methods (ra-data-simple-rest)', () => {
  it('lists vendors with sort, range and filter, authorised, reading the total from Content-Range', async () => {
    const api = stubFetch({
      'GET /api/v1/admin/vendors': () => ({
        body: [vendor()],
        headers: { 'Content-Range': 'vendors 0-0/31' },
      }),
    });

    const result = await dataProvider.getList('vendors', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: 'swift', status: 'pending' },
    });

    expect(result).toEqual({ data: [vendor()], total: 31 });
    const [call] = api.calls;
    const query = new URL(call!.url, 'http://admin.test').searchParams;
    expect(JSON.parse(query.get('sort')!)).toEqual(['createdAt', 'DESC']);
    expect(JSON.parse(query.get('range')!)).toEqual([25, 49]);
    expect(JSON.parse(query.get('filter')!)).toEqual({ q: 'swift', status: 'pending' });
    expect(call!.headers.get('Range')).toBe('vendors=25-49');
    expect(call!.headers.get('Authorization')).toBe('Bearer at-admin');
  });

  it('reads one vendor', async () => {
    stubFetch({ 'GET /api/v1/admin/vendors/v-1': () => ({ body: vendor() }) });
    await expect(dataProvider.getOne('vendors', { id: 'v-1' })).resolves.toEqual({ data: vendor() });
  });
});
