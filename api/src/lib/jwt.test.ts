import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from './jwt';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const CLAIMS = { sub: 'user-1', role: 'customer' as const, email: 'a@example.com', sid: 'family-1' };

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('access tokens: a token already verified', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is still refused once it expires, however often it was accepted before', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T10:00:00Z') });
    const tokens = new AccessTokens(SECRET);
    const token = await tokens.sign(CLAIMS);
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    vi.setSystemTime(new Date(Date.now() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000));
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    vi.setSystemTime(new Date(Date.now() + 1000));
    const err = await refusal(tokens.verify(token));
    expect(err.status).toBe(401);
    expect(err.code).toBe('token_expired');
    // And again: the refusal is not remembered as an acceptance either.
    expect((await refusal(tokens.verify(token))).code).toBe('token_expired');
  });

  it('is refused once older than the maximum age even when its exp lies further ahead', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T10:00:00Z') });
    const tokens = new AccessTokens(SECRET);
    const issuedAt = Math.floor(Date.now() / 1000);
    const longLived = await new SignJWT({ role: CLAIMS.role, email: CLAIMS.email, sid: CLAIMS.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(CLAIMS.sub)
      .setIssuer('consign')
      .setAudience('consign-api')
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 24 * 3600)
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(longLived)).toEqual(CLAIMS);
    vi.setSystemTime(new Date((issuedAt + ACCESS_TOKEN_TTL_SECONDS) * 1000));
    expect(await tokens.verify(longLived)).toEqual(CLAIMS);
    vi.setSystemTime(new Date((issuedAt + ACCESS_TOKEN_TTL_SECONDS + 1) * 1000));
    expect((await refusal(tokens.verify(longLived))).code).toBe('token_expired');
  });

  it('answers claims the caller may change without changing what the next request sees', async () => {
    const tokens = new AccessTokens(SECRET);
    const token = await tokens.sign(CLAIMS);
    const first = await tokens.verify(token);
    first.role = 'admin';
    first.sub = 'someone-else';
    expect(await tokens.verify(token)).toEqual(CLAIMS);
  });

  it('vouches for no other token: another signature, or another key, is refused', async () => {
    const tokens = new AccessTokens(SECRET);
    const token = await tokens.sign(CLAIMS);
    await tokens.verify(token);
    const [head, body, signature] = token.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await refusal(tokens.verify(`${head}.${body}.${flipped}`))).status).toBe(401);
    const other = new AccessTokens('another-secret-of-at-least-32-characters');
    expect((await refusal(other.verify(token))).status).toBe(401);
  });
});
