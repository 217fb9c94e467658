import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAuthProvider } from './authProvider';
import { SessionStore, STAFF_ONLY } from './session';
import { problem, session, stubFetch } from './test/fetchStub';

const LOGIN = 'POST /api/v1/auth/login';
const REFRESH = 'POST /api/v1/auth/refresh';
const LOGOUT = 'POST /api/v1/auth/logout';
const ME = 'GET /api/v1/users/me';

let now: number;
let store: SessionStore;
let auth: ReturnType<typeof createAuthProvider>;

beforeEach(() => {
  now = Date.parse('2025-06-02T09:00:00Z');
  store = new SessionStore(() => now);
  auth = createAuthProvider(store);
});

const me = { id: 'u-admin', email: 'admin@consign.example', name: 'Consign Staff', avatarUrl: null };

describe('login', () => {
  it('signs an admin in with email and password and keeps the access token in memory', async () => {
    const api = stubFetch({ [LOGIN]: () => ({ body: session('admin') }) });

    await auth.login({ username: 'admin@consign.example', password: 'consign-demo-1' });

    const [call] = api.to(LOGIN);
    expect(JSON.parse(call!.body!)).toEqual({ email: 'admin@consign.example', password: 'consign-demo-1' });
    expect(call!.credentials).toBe('same-origin');
    expect(call!.headers.get('Content-Type')).toBe('application/json');
    expect(store.token).toBe('at-admin');
    expect(await auth.getPermissions?.({})).toBe('admin');
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it.each(['customer', 'vendor'] as const)(
    'turns a %s away and revokes the session just created',
    async (role) => {
      const api = stubFetch({
        [LOGIN]: () => ({ body: session(role) }),
        [LOGOUT]: () => ({ status: 204 }),
      });

      await expect(auth.login({ username: `${role}@consign.example`, password: 'pw' })).rejects.toThrow(
        STAFF_ONLY,
      );

      expect(store.token).toBeNull();
      const [logout] = api.to(LOGOUT);
      expect(JSON.parse(logout!.body!)).toEqual({ refreshToken: `rt-${role}` });
    },
  );

  it('shows the API problem detail when the password is wrong', async () => {
    stubFetch({ [LOGIN]: () => problem(401, 'Email or password is incorrect') });
    await expect(auth.login({ username: 'admin@consign.example', password: 'nope' })).rejects.toThrow(
      'Email or password is incorrect',
    );
    expect(store.token).toBeNull();
  });
});

describe('checkAuth', () => {
  it('restores an admin session from the refresh cookie with an empty JSON body', async () => {
    const api = stubFetch({ [REFRESH]: () => ({ body: session('admin', 'at-restored') }) });

    await expect(auth.checkAuth({})).resolves.toBeUndefined();

    const [call] = api.to(REFRESH);
    expect(call!.body).toBe('{}');
    expect(call!.credentials).toBe('same-origin');
    expect(call!.headers.get('Content-Type')).toBe('application/json');
    expect(store.token).toBe('at-restored');
  });

  it('does not call the API while the access token is fresh', async () => {
    const api = stubFetch({ [LOGIN]: () => ({ body: session('admin') }) });
    await auth.login({ username: 'admin@consign.example', password: 'pw' });

    await auth.checkAuth({});
    expect(api.calls).toHaveLength(1);
  });

  it('refreshes when the access token is about to expire', async () => {
    const api = stubFetch({
      [LOGIN]: () => ({ body: session('admin', 'at-old') }),
      [REFRESH]: () => ({ body: session('admin', 'at-new') }),
    });
    await auth.login({ username: 'admin@consign.example', password: 'pw' });

    now += 14.5 * 60_000;
    await auth.checkAuth({});
    expect(api.to(REFRESH)).toHaveLength(1);
    expect(store.token).toBe('at-new');
  });

  it('shares one refresh between concurrent checks (a rotated cookie must not be replayed)', async () => {
    const api = stubFetch({ [REFRESH]: () => ({ body: session('admin') }) });
    await Promise.all([auth.checkAuth({}), auth.checkAuth({}), auth.checkAuth({})]);
    expect(api.to(REFRESH)).toHaveLength(1);
  });

  it('rejects quietly when there is no session', async () => {
    stubFetch({ [REFRESH]: () => problem(401, 'Sign in again') });
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    expect(store.token).toBeNull();
  });

  it('rejects quietly when the API answers 204, no refresh cookie at all', async () => {
    stubFetch({ [REFRESH]: () => ({ status: 204 }) });
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    expect(store.token).toBeNull();
  });

  it('turns a customer cookie away without revoking the customer portal session', async () => {
    const api = stubFetch({ [REFRESH]: () => ({ body: session('customer') }) });

    await expect(auth.checkAuth({})).rejects.toEqual({ message: STAFF_ONLY });
    expect(store.token).toBeNull();

    // react-admin calls logout after a failed check; it must not sign the customer out of the portal.
    await auth.logout({});
    expect(api.to(LOGOUT)).toHaveLength(0);
  });

  it('fails, without signing out, when the API cannot be reached', async () => {
    stubFetch({ [REFRESH]: () => problem(503, 'Down for maintenance') });
    await expect(auth.checkAuth({})).rejects.toBeInstanceOf(HttpError);
  });
});

describe('logout', () => {
  it('revokes the session on the API and forgets the token', async () => {
    const api = stubFetch({
      [LOGIN]: () => ({ body: session('admin', 'at-admin') }),
      [LOGOUT]: () => ({ status: 204 }),
      [REFRESH]: () => problem(401, 'Sign in again'),
    });
    await auth.login({ username: 'admin@consign.example', password: 'pw' });

    await auth.logout({});

    const [call] = api.to(LOGOUT);
    expect(call!.headers.get('Authorization')).toBe('Bearer at-admin');
    expect(call!.body).toBe('{}');
    expect(call!.credentials).toBe('same-origin');
    expect(store.token).toBeNull();
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('signs out locally even when the API is unreachable', async () => {
    stubFetch({ [LOGIN]: () => ({ body: session('admin') }), [LOGOUT]: () => problem(502, 'Bad gateway') });
    await auth.login({ username: 'admin@consign.example', password: 'pw' });
    await expect(auth.logout({})).resolves.toBeUndefined();
    expect(store.token).toBeNull();
  });
});

describe('checkError', () => {
  it('signs out on 401 only', async () => {
    await expect(auth.checkError(new HttpError('Unauthorized', 401))).rejects.toBeDefined();
    await expect(auth.checkError({ status: 401 })).rejects.toBeDefined();
    await expect(auth.checkError(new HttpError('Forbidden', 403))).resolves.toBeUndefined();
    await expect(auth.checkError(new HttpError('Conflict', 409))).resolves.toBeUndefined();
    await expect(auth.checkError(new Error('network'))).resolves.toBeUndefined();
  });
});

describe('getIdentity', () => {
  it('reads /users/me with the bearer token', async () => {
    const api = stubFetch({
      [REFRESH]: () => ({ body: session('admin', 'at-1') }),
      [ME]: () => ({ body: me }),
    });
    await auth.checkAuth({});

    await expect(auth.getIdentity?.()).resolves.toMatchObject({ id: 'u-admin', fullName: 'Consign Staff' });
    expect(api.to(ME)[0]!.headers.get('Authorization')).toBe('Bearer at-1');
  });

  it('refreshes once and retries after a 401', async () => {
    const api = stubFetch({
      [LOGIN]: () => ({ body: session('admin', 'at-revoked') }),
      [REFRESH]: () => ({ body: session('admin', 'at-2') }),
      [ME]: [() => problem(401, 'Token expired'), () => ({ body: me })],
    });
    await auth.login({ username: 'admin@consign.example', password: 'pw' });

    await expect(auth.getIdentity?.()).resolves.toMatchObject({ id: 'u-admin' });
    expect(api.to(ME).map((c) => c.headers.get('Authorization'))).toEqual([
      'Bearer at-revoked',
      'Bearer at-2',
    ]);
  });
});
