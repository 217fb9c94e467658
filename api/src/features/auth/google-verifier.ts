import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import type { GoogleIdentity, GoogleTokenVerifier } from '../../context';
import { AppError } from '../../lib/errors';

export type { GoogleIdentity };

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Verifies Google ID tokens against Google's published keys (or GOOGLE_JWKS_URL in tests). */
export class GoogleVerifier implements GoogleTokenVerifier {
  readonly #jwks: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly clientId: string,
    jwksUrl: string,
  ) {
    this.#jwks = createRemoteJWKSet(new URL(jwksUrl));
  }

  async verify(idToken: string): Promise<GoogleIdentity> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.#jwks, {
        algorithms: ['RS256'],
        issuer: ISSUERS,
        audience: this.clientId,
      }));
    } catch (err) {
      const reason =
        err instanceof errors.JWTExpired
          ? 'The Google token has expired'
          : err instanceof errors.JWTClaimValidationFailed
            ? `The Google token's ${err.claim} is not accepted`
            : 'The Google token could not be verified';
      throw AppError.unauthorized(reason, 'google_token_invalid');
    }
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
      throw AppError.unauthorized('The Google token has no subject or email', 'google_token_invalid');
    }
    return {
      sub: payload.sub,
      email: payload.email.toLowerCase(),
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: typeof payload.name === 'string' ? payload.name : undefined,
    };
  }
}
