import { errors, jwtVerify, SignJWT } from 'jose';
import type { UserRole } from '../db/schema';
import { AppError } from './errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'consign';
const AUDIENCE = 'consign-api';

export type AccessClaims = { sub: string; role: UserRole; email: string };

export class AccessTokens {
  readonly #key: Uint8Array;

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ role: claims.role, email: claims.email })
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
      });
      const role = payload.role;
      if (typeof payload.sub !== 'string' || (role !== 'customer' && role !== 'vendor' && role !== 'admin')) {
        throw AppError.unauthorized('Invalid access token');
      }
      return { sub: payload.sub, role, email: String(payload.email ?? '') };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof errors.JWTExpired)
        throw AppError.unauthorized('Access token expired', 'token_expired');
      throw AppError.unauthorized('Invalid access token');
    }
  }
}
