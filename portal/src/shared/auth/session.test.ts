import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, problemResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { authedApi } from '../api/client';
import { SessionStore } from './session';

describe('SessionStore', () => {
  let store: SessionStore;
  afterEach(() => store?.stop());

  it('restores the session from the refresh cookie on start', async () => {
    stubFetch({ 'POST /api/v1/auth/refresh': { body: sessionFor(customer) } });
    store = new SessionStore();
    expect(store.getSnapshot().status).toBe('loading');
    store.start();
    await waitFor(() => expect(store.getSnapshot().status).toBe('authenticated'));
    expect(store.getSnapshot().user?.email).toBe(customer.email);
    expect(store.getAccessToken()).toBe('access-1');
  });

  it('is anonymous when the API answers 204, no session (a signed-out load logs no error)', async () => {
    stubFetch({ 'POST /api/v1/auth/refresh': { status: 204 } });
    store = new SessionStore();
    store.start();
    await waitFor(() => expect(store.getSnapshot().status).toBe('anonymous'));
    expect(store.getAccessToken()).toBeNull();
    await expect(store.refresh()).resolves.toBeNull();
  });

  it('is anonymous when there is no session, and when the API is unreachable', async () => {
    stubFetch({ 'POST /api/v1/auth/refresh': problemResponse(401, 'No session') });
    store = new SessionStore();
    store.start();
    await waitFor(() => expect(store.getSnapshot().status).toBe('anonymous'));

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const offline = new SessionStore();
    offline.start();
    await waitFor(() => expect(offline.getSnapshot().status).toBe('anonymous'));
    offline.stop();
  });

  it('shares one refresh between concurrent callers (the API rotates refresh tokens)', async () => {
    const { calls } = stubFetch({ 'POST /api/v1/auth/refresh': { body: sessionFor(customer) } });
    store = new SessionStore();
    const [a, b] = await Promise.all([store.refresh(), store.refresh()]);
    expect(a).toBe(b);
    expect(calls.filter((c) => c.path === '/api/v1/auth/refresh')).toHaveLength(1);
  });

  it('the client sends the bearer token, refreshes once on 401 and retries', async () => {
    let refreshes = 0;
    const { calls } = stubFetch({
      'POST /api/v1/auth/refresh': () => ({
        body: { ...sessionFor(customer), accessToken: `access-${++refreshes}` },
      }),
      'GET /api/v1/users/me': ({ headers }) =>
        headers.Authorization === 'Bearer access-2'
          ? { body: { id: 'u_1' } }
          : problemResponse(401, 'Expired'),
    });
    store = new SessionStore();
    await store.refresh();
    const me = await authedApi.me(store.client);
    expect(me.id).toBe('u_1');
    const meCalls = calls.filter((c) => c.path === '/api/v1/users/me');
    expect(meCalls.map((c) => c.headers.Authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
  });

  it('the client gives up after one refresh and signs out', async () => {
    stubFetch({
      'POST /api/v1/auth/refresh': problemResponse(401, 'Revoked'),
      'GET /api/v1/users/me': problemResponse(401, 'Expired'),
    });
    store = new SessionStore();
    store.accept(sessionFor(customer));
    await expect(authedApi.me(store.client)).rejects.toMatchObject({ status: 401 });
    expect(store.getSnapshot().status).toBe('anonymous');
  });

  it('refreshes shortly before the access token expires', async () => {
    vi.useFakeTimers();
    try {
      const { calls } = stubFetch({ 'POST /api/v1/auth/refresh': { body: sessionFor(customer) } });
      store = new SessionStore();
      store.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(800_000); // 900 s token, refreshed 60 s early
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(41_000);
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('signOut calls logout with the token and clears the session even if the API fails', async () => {
    const { calls } = stubFetch({ 'POST /api/v1/auth/logout': problemResponse(500, 'Boom') });
    store = new SessionStore();
    store.accept(sessionFor(customer));
    await store.signOut();
    expect(store.getSnapshot()).toEqual({ status: 'anonymous', user: null });
    expect(store.getAccessToken()).toBeNull();
    expect(calls[0]?.headers.Authorization).toBe('Bearer access-1');
  });
});

describe('SessionStore across tabs', () => {
  it('a sign-out in one tab signs the others out; a sign-in lets them pick the session up', async () => {
    stubFetch({
      'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
      'POST /api/v1/auth/logout': { status: 204 },
    });
    const tabA = new SessionStore();
    const tabB = new SessionStore();
    tabA.start();
    tabB.start();
    try {
      await waitFor(() => expect(tabB.getSnapshot().status).toBe('authenticated'));
      await tabA.signOut();
      await waitFor(() => expect(tabB.getSnapshot().status).toBe('anonymous'));

      tabA.signIn(sessionFor(customer));
      await waitFor(() => expect(tabB.getSnapshot().status).toBe('authenticated'));
    } finally {
      tabA.stop();
      tabB.stop();
    }
  });
});
