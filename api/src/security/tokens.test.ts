/** Access tokens over HTTP: anything but a token we signed, as we sign it, is 401. */
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from './world';

let world: World;
let secret: Uint8Array;
let sub: string;
beforeAll(async () => {
  world = await startWorld();
  secret = new TextEncoder().encode(world.t.deps.config.jwtSecret);
  sub = world.cast.ids.customerA;
}, 120_000);
afterAll(() => world?.close());

const claims = { role: 'admin', email: 'customer-a@security.test' };
const signed = (
  alg: string,
  key: Parameters<SignJWT['sign']>[0],
  edit: (jwt: SignJWT) => SignJWT = (j) => j,
) =>
  edit(
    new SignJWT(claims)
      .setProtectedHeader({ alg, typ: 'JWT' })
      .setSubject(sub)
      .setIssuer('consign')
      .setAudience('consign-api')
      .setIssuedAt()
      .setExpirationTime('5m'),
  ).sign(key);

async function expectRefused(token: string) {
  const me = await world.http('GET', '/api/v1/users/me', { token });
  expect(me.status).toBe(401);
  expect(me.headers.get('www-authenticate')).toBe('Bearer');
  // And the forged admin role opens nothing.
  expect((await world.http('GET', '/api/v1/admin/vendors', { token })).status).toBe(401);
}

describe('access tokens', () => {
  it('accepts the token the API itself issued (so the refusals below are about the forgery)', async () => {
    expect((await world.http('GET', '/api/v1/users/me', { token: world.cast.customerA })).status).toBe(200);
  });

  it('refuses alg none', async () => {
    const none = new UnsecuredJWT(claims)
      .setSubject(sub)
      .setIssuer('consign')
      .setAudience('consign-api')
      .setExpirationTime('5m')
      .encode();
    await expectRefused(none);
  });

  it('refuses another algorithm, even keyed with the same secret or an attacker’s key pair', async () => {
    await expectRefused(await signed('HS512', secret));
    await expectRefused(await signed('HS384', secret));
    const { privateKey } = await generateKeyPair('RS256');
    await expectRefused(await signed('RS256', privateKey));
  });

  it('refuses an expired token, a wrong issuer and a wrong audience', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    await expectRefused(
      await signed('HS256', secret, (j) => j.setIssuedAt(past).setExpirationTime(past + 900)),
    );
    await expectRefused(await signed('HS256', secret, (j) => j.setIssuer('someone-else')));
    await expectRefused(await signed('HS256', secret, (j) => j.setAudience('another-api')));
  });

  it('refuses a tampered token: payload changed, signature kept; or signed with another secret', async () => {
    const [header, payload, signature] = world.cast.customerA.split('.');
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...body, role: 'admin' })).toString('base64url');
    await expectRefused(`${header}.${forged}.${signature}`);
    await expectRefused(`${header}.${payload}.${signature!.slice(0, -2)}AA`);
    await expectRefused(await signed('HS256', new TextEncoder().encode('x'.repeat(48))));
  });
});
