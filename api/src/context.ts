/**
 * What every request may reach: the app's dependencies, named by interface only. The features
 * implement the interfaces (couriers the catalogue, auth the Google verifier) and the
 * composition root (deps.ts) wires them, so this file, like lib/, db/ and providers/, imports no
 * feature.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Config } from './config';
import type { Database, Tx } from './db/client';
import type { partners } from './db/schema';
import type { QuotableService } from './domain/courier-services';
import type { BackgroundTasks } from './lib/background';
import { validationHook } from './lib/errors';
import type { AccessClaims, AccessTokens } from './lib/jwt';
import type { Logger } from './lib/logger';
import type { PasswordHasher } from './lib/password';
import type { RateLimiter } from './lib/rate-limit';
import type { AddressLookup } from './providers/addresses';
import type { DistanceProvider } from './providers/distance';
import type { Mailer } from './providers/mail';
import type { PaymentProvider, PayoutProvider } from './providers/payments';

/** The quotable courier services, kept in memory (features/couriers implements it). */
export interface Catalog {
  /** Every service that may be quoted now. The objects are frozen and shared: do not mutate. */
  quotable(): Promise<readonly QuotableService[]>;
  /** Runs a change to what quotes show in one transaction, then makes every process see it. */
  write<T>(change: (tx: Tx) => Promise<T>): Promise<T>;
  /** Forgets the in-memory copy (tests that write the tables directly). */
  invalidate(): void;
}

/** What Google says of a verified ID token. */
export type GoogleIdentity = { sub: string; email: string; emailVerified: boolean; name?: string };

/** Checks a Google sign-in ID token (features/auth implements it with jose). */
export interface GoogleTokenVerifier {
  verify(idToken: string): Promise<GoogleIdentity>;
}

/** The partner a publishable key call is made for, as the middleware leaves it on the context. */
export type KeyPartner = Pick<
  typeof partners.$inferSelect,
  | 'id'
  | 'name'
  | 'mode'
  | 'allowedOrigins'
  | 'rateLimitPerMinute'
  | 'keyRateLimitPerMinute'
  | 'secretKeyRateLimitPerMinute'
>;

/** Everything a request may need, built once per process (or per test) by createApp's caller. */
export type AppDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  hasher: PasswordHasher;
  tokens: AccessTokens;
  rateLimiter: RateLimiter;
  /** Quotable courier services kept in memory; every change to them goes through `catalog.write`. */
  catalog: Catalog;
  /** Same-day road miles: Google Distance Matrix when GOOGLE_MAPS_API_KEY is set, else the estimate. */
  distance: DistanceProvider;
  /** Postcode look-up: Ideal Postcodes when IDEAL_POSTCODES_API_KEY is set, else none. */
  addresses?: AddressLookup;
  /** PayPal when PAYPAL_CLIENT_ID/SECRET are set, else the built-in TEST MODE provider. */
  payments: PaymentProvider;
  /** PayPal Payouts with PayPal, else TEST MODE payouts: where couriers' payouts are sent. */
  payouts: PayoutProvider;
  /** Present only when GOOGLE_CLIENT_ID is set. */
  google?: GoogleTokenVerifier;
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
    /** Set when an error turned out to be the client hanging up (app.ts's error handler). */
    clientGone: boolean;
  };
};

/** The partner a request was made for with a publishable key, if any (set by features/partners). */
export function partnerOf(c: Context<AppEnv>): KeyPartner | undefined {
  return c.get('partner') as KeyPartner | undefined;
}

/** A router on the app's env whose validation failures answer 422 naming each field (lib/errors.ts). */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
