import type { Config } from './config';
import type { Database } from './db/client';
import type { GoogleVerifier } from './features/auth/google-verifier';
import type { CourierCatalog } from './features/couriers/catalog';
import type { KeyPartner } from './features/partners/partners.service';
import type { BackgroundTasks } from './lib/background';
import type { AccessClaims, AccessTokens } from './lib/jwt';
import type { Logger } from './lib/logger';
import type { PasswordHasher } from './lib/password';
import type { RateLimiter } from './lib/rate-limit';
import type { AddressLookup } from './providers/addresses';
import type { DistanceProvider } from './providers/distance';
import type { Mailer } from './providers/mail';
import type { PaymentProvider } from './providers/payments';

/** Everything a request may need, built once per process (or per test) by createApp's caller. */
export type AppDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  hasher: PasswordHasher;
  tokens: AccessTokens;
  rateLimiter: RateLimiter;
  /** Quotable courier services kept in memory; invalidate it after changing services or vendors. */
  catalog: CourierCatalog;
  /** Same-day road miles: Google Distance Matrix when GOOGLE_MAPS_API_KEY is set, else the estimate. */
  distance: DistanceProvider;
  /** Postcode look-up: Ideal Postcodes when IDEAL_POSTCODES_API_KEY is set, else none. */
  addresses?: AddressLookup;
  /** PayPal when PAYPAL_CLIENT_ID/SECRET are set, else the built-in TEST MODE provider. */
  payments: PaymentProvider;
  /** Present only when GOOGLE_CLIENT_ID is set. */
  google?: GoogleVerifier;
  /** Work that runs after the answer (mail whose timing must not reveal whether an account exists). */
  background: BackgroundTasks;
  /** Injected so tests can move time. */
  now: () => Date;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: AccessClaims;
    /** Set by the publishable-key middleware on widget calls (features/partners). */
    partner: KeyPartner;
    requestId: string;
  };
};
