import type { Config } from './config';
import type { Database } from './db/client';
import type { GoogleVerifier } from './features/auth/google-verifier';
import type { AccessClaims, AccessTokens } from './lib/jwt';
import type { Logger } from './lib/logger';
import type { PasswordHasher } from './lib/password';
import type { RateLimiter } from './lib/rate-limit';
import type { Mailer } from './providers/mail';

/** Everything a request may need, built once per process (or per test) by createApp's caller. */
export type AppDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  hasher: PasswordHasher;
  tokens: AccessTokens;
  rateLimiter: RateLimiter;
  /** Present only when GOOGLE_CLIENT_ID is set. */
  google?: GoogleVerifier;
  /** Injected so tests can move time. */
  now: () => Date;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: AccessClaims;
    requestId: string;
  };
};
