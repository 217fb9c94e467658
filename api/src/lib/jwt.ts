import { errors, jwtVerify, SignJWT } from 'jose';
import { USER_ROLES, type UserRole } from '../db/schema';
import { AppError } from './errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'consign';
const AUDIENCE = 'consign-api';
/** Clocks of several API processes differ a little; more than this is a forged `iat`. */
const CLOCK_SKEW_SECONDS = 30;

/**
 * Tokens whose signature and claims have been checked, kept so that the next request with the
 * same token skips the HMAC (WebCrypto, a thread-pool round trip) and the parse: a signed-in page
 * sends one token many times. Bounded; the oldest check is dropped first.
 */
const VERIFIED_CACHE_SIZE = 10_000;

/** `sid` is the sign-in (refresh-token family) the token was issued for; signing out ends it. */
export type AccessClaims = { sub: string; role: UserRole; email: string; sid: string };

export class AccessTokens {
  readonly #key: Uint8Array;
  /** Token -> its claims and the times jose judges its age by (null when it has nbf: never ours). */
  readonly #verified = new Map<string, { claims: AccessClaims; exp: number; iat: number }>();

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ role: claims.role, email: claims.email, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.#key);
  }

  async verify(token: string): Promise<AccessClaims> {
    const known = this.#verified.get(token);
    if (known) {
      // Nothing but time can change the answer for the same bytes: jose's two time checks, as
      // it makes them (exp passed; older than the maximum age). Once they fail, jose says why.
      const now = Math.floor(Date.now() / 1000);
      if (known.exp > now && now - known.iat <= ACCESS_TOKEN_TTL_SECONDS) return { ...known.claims };
      this.#verified.delete(token);
    }
    const checked = await this.#check(token);
    if (checked.times) {
      if (this.#verified.size >= VERIFIED_CACHE_SIZE) {
        this.#verified.delete(this.#verified.keys().next().value!);
      }
      this.#verified.set(token, { claims: checked.claims, ...checked.times });
    }
    return { ...checked.claims };
  }

  async #check(token: string): Promise<{ claims: AccessClaims; times: { exp: number; iat: number } | null }> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        // A token that never expires, or that claims to be issued later than now, is not ours.
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: `${ACCESS_TOKEN_TTL_SECONDS}s`,
      });
      const role = payload.role;
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        !(USER_ROLES as readonly unknown[]).includes(role)
      ) {
        throw AppError.unauthorized('Invalid access token');
      }
      if (payload.iat! > Math.floor(Date.now() / 1000) + CLOCK_SKEW_SECONDS) {
        throw AppError.unauthorized('Invalid access token');
      }
      const claims: AccessClaims = {
        sub: payload.sub,
        role: role as UserRole,
        email: String(payload.email ?? ''),
        sid: payload.sid,
      };
      // A token with nbf (never ours) has a third time check: it is simply checked every time.
      return { claims, times: payload.nbf === undefined ? { exp: payload.exp!, iat: payload.iat! } : null };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof errors.JWTExpired)
        throw AppError.unauthorized('Access token expired', 'token_expired');
      throw AppError.unauthorized('Invalid access token');
    }
  }
}
