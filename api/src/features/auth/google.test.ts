import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, latestCode, signUpVerified, type TestApp } from '../../test/harness';

const CLIENT_ID = 'consign-test.apps.googleusercontent.com';

// A local stand-in for Google's key set endpoint, serving a JWKS as Google does.
let jwksServer: Server;
let jwksUrl: string;
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let privateKey: PrivateKey;
let otherKey: PrivateKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/oauth2/v3/certs`;
});
afterAll(() => new Promise<void>((resolve) => jwksServer.close(() => resolve())));

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl });
});
afterEach(() => t.close());

type Claims = { sub?: string; email?: string; email_verified?: boolean; name?: string };

function idToken(
  claims: Claims,
  options: { iss?: string; aud?: string; exp?: number | string; key?: PrivateKey; kid?: string } = {},
) {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'test-key' })
    .setIssuer(options.iss ?? 'https://accounts.google.com')
    .setAudience(options.aud ?? CLIENT_ID)
    .setSubject(claims.sub ?? 'google-sub-1')
    .setIssuedAt()
    .setExpirationTime(options.exp ?? '1h')
    .sign(options.key ?? privateKey);
}

describe('Google sign-in', () => {
  it('creates an account on first sign-in and signs the same person in again by sub', async () => {
    const token = await idToken({ sub: 'g-100', email: 'Gina@Gmail.com', name: 'Gina' });
    const first = await t.post('/api/v1/auth/google', { idToken: token, role: 'vendor' });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({
      email: 'gina@gmail.com',
      name: 'Gina',
      role: 'vendor',
      emailVerified: true,
    });
    const again = await t.post('/api/v1/auth/google', {
      idToken: await idToken({ sub: 'g-100', email: 'gina@gmail.com' }),
    });
    expect(again.body.user.id).toBe(first.body.user.id);
  });

  it('accepts the issuer without https too', async () => {
    const token = await idToken({ sub: 'g-101', email: 'plain@gmail.com' }, { iss: 'accounts.google.com' });
    expect((await t.post('/api/v1/auth/google', { idToken: token })).status).toBe(200);
  });

  it.each([
    ['a wrong audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['a wrong issuer', { iss: 'https://evil.example.com' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60 }],
    [
      'a key Google did not publish',
      { key: undefined as unknown as PrivateKey, kid: 'test-key', other: true },
    ],
  ])('rejects %s with 401', async (_label, opts) => {
    const options = 'other' in opts ? { key: otherKey } : opts;
    const token = await idToken({ sub: 'g-102', email: 'x@gmail.com' }, options);
    const res = await t.post('/api/v1/auth/google', { idToken: token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('google_token_invalid');
  });

  it('rejects an HS256 token even when signed with the client id as secret', async () => {
    const token = await new SignJWT({ email: 'hs@gmail.com', email_verified: true })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENT_ID)
      .setSubject('g-103')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(CLIENT_ID));
    expect((await t.post('/api/v1/auth/google', { idToken: token })).status).toBe(401);
  });

  it('links an existing password account only when Google says the email is verified', async () => {
    const existing = await signUpVerified(t, 'owner@gmail.com');
    const unverified = await idToken({ sub: 'g-104', email: 'owner@gmail.com', email_verified: false });
    const refused = await t.post('/api/v1/auth/google', { idToken: unverified });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('google_email_unverified');

    const verified = await idToken({ sub: 'g-104', email: 'owner@gmail.com', email_verified: true });
    const linked = await t.post('/api/v1/auth/google', { idToken: verified });
    expect(linked.status).toBe(200);
    expect(linked.body.user.id).toBe(existing.user.id);
    // the password still works after linking
    expect(
      (await t.post('/api/v1/auth/login', { email: 'owner@gmail.com', password: 'correct-horse-1' })).status,
    ).toBe(200);
  });

  it('never creates an account from a token whose email Google has not verified', async () => {
    const res = await t.post('/api/v1/auth/google', {
      idToken: await idToken({ sub: 'g-200', email: 'someone@gmail.com', email_verified: false }),
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('google_email_unverified');
    expect(
      await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'someone@gmail.com') }),
    ).toBeUndefined();
  });

  it('discards every sign-up waiting for a code on the address: the pre-registered password never works', async () => {
    // An attacker signs up with the victim's address and never verifies it.
    const signup = await t.post('/api/v1/auth/signup', {
      email: 'victim@gmail.com',
      password: 'attackers-password',
    });
    const code = await latestCode(t, 'victim@gmail.com');
    const linked = await t.post('/api/v1/auth/google', {
      idToken: await idToken({ sub: 'g-300', email: 'victim@gmail.com', email_verified: true }),
    });
    expect(linked.status).toBe(200);
    expect(linked.body.user.emailVerified).toBe(true);
    expect(await t.deps.db.query.pendingRegistrations.findMany()).toHaveLength(0);
    const login = await t.post('/api/v1/auth/login', {
      email: 'victim@gmail.com',
      password: 'attackers-password',
    });
    expect(login.status).toBe(401);
    expect(
      (
        await t.post('/api/v1/auth/verify-email', {
          email: 'victim@gmail.com',
          code,
          registration: signup.body.registration,
        })
      ).status,
    ).toBe(400);
    const row = await t.deps.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.email, 'victim@gmail.com'),
    });
    expect(row?.passwordHash).toBeNull();
  });

  it('answers 404 when Google sign-in is not configured', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.post('/api/v1/auth/google', {
        idToken: await idToken({ email: 'a@gmail.com' }),
      });
      expect(res.status).toBe(404);
      expect((await plain.get('/api/v1/meta/auth')).body.googleClientId).toBeNull();
    } finally {
      plain.close();
    }
  });
});
