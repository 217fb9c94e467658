import { errors, jwtVerify, SignJWT } from 'jose';
import { USER_ROLES, type UserRole } from '../db/schema';
import { AppError } from './errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'consign';
const AUDIENCE = 'consign-api';
/** Clocks of several API processes differ a little; more than this is a forged `iat`. */
const CLOCK_SKEW_SECONDS = 30;

/** `sid` is the sign-in (refresh-token family) the token was issued for; signing out ends it. */
export type AccessClaims = { sub: string; role: UserRole; email: string; sid: string };

export class AccessTokens {
  readonly #key: Uint8Array;

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
      return {
        sub: payload.sub,
        role: role as UserRole,
        email: String(payload.email ?? ''),
        sid: payload.sid,
      };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof errors.JWTExpired)
        throw AppError.unauthorized('Access token expired', 'token_expired');
      throw AppError.unauthorized('Invalid access token');
    }
  }
}
