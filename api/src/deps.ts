import { mkdirSync } from 'node:fs';
import type { Config } from './config';
import type { AppDeps } from './context';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { GoogleVerifier } from './features/auth';
import { ensureDefaultArticles } from './features/content';
import { CourierCatalog } from './features/couriers';
import { createPostcodeCentroidLookup } from './features/quotes';
import { backfillCourierSlugs } from './features/reviews';
import { BackgroundTasks } from './lib/background';
import { AccessTokens } from './lib/jwt';
import type { Logger } from './lib/logger';
import { LOW_SCRYPT, OWASP_SCRYPT, PasswordHasher } from './lib/password';
import { RateLimiter } from './lib/rate-limit';
import { createAddressLookup } from './providers/addresses';
import { createDistanceProvider } from './providers/distance';
import { createMailer } from './providers/mail';
import { createPaymentProvider, createPayoutProvider } from './providers/payments';

/** Opens the database, applies migrations and picks each provider: the real one when configured. */
export async function createDeps(
  config: Config,
  logger: Logger,
  overrides: Partial<AppDeps> = {},
): Promise<AppDeps> {
  mkdirSync(config.uploadDir, { recursive: true });
  const db = overrides.db ?? (await openDatabase(config.database));
  await runMigrations(db);
  // Not demo data: the quote landing pages link to these, so every database needs them.
  await ensureDefaultArticles(db);
  // Couriers activated before profiles had slugs get theirs; a no-op once done.
  const slugged = await backfillCourierSlugs(db);
  if (slugged > 0) logger.info({ couriers: slugged }, 'gave public profile slugs to couriers without one');
  const payments = overrides.payments ?? createPaymentProvider(config, { logger, now: () => deps.now() });
  const deps: AppDeps = {
    config,
    db,
    logger,
    mailer: overrides.mailer ?? createMailer(config, db, logger),
    hasher:
      overrides.hasher ??
      new PasswordHasher(
        config.passwordHashConcurrency,
        config.passwordHashCost === 'low' ? LOW_SCRYPT : OWASP_SCRYPT,
        config.passwordHashQueue,
        config.passwordHashNice,
      ),
    tokens: new AccessTokens(config.jwtSecret),
    // Reads deps.now at call time, so a test that moves the clock moves the windows too.
    rateLimiter: new RateLimiter(db, () => deps.now().getTime()),
    catalog: overrides.catalog ?? new CourierCatalog(db),
    distance:
      overrides.distance ??
      createDistanceProvider({
        googleMapsApiKey: config.google.mapsApiKey,
        // Exact centroids once `pnpm postcodes:import` has filled the table; area centroids until then.
        lookupCentroid: createPostcodeCentroidLookup(db),
      }),
    addresses: createAddressLookup({
      idealPostcodesApiKey: config.addresses.idealPostcodesApiKey,
      baseUrl: config.addresses.apiBase,
    }),
    payments,
    payouts: overrides.payouts ?? createPayoutProvider(config, payments),
    google: config.google.clientId
      ? new GoogleVerifier(config.google.clientId, config.google.jwksUrl)
      : undefined,
    background: new BackgroundTasks(logger),
    now: () => new Date(),
    ...overrides,
  };
  return deps;
}

/** Where mail goes: production never serves the outbox over HTTP (no /dev/mailbox). */
function describeMail(deps: AppDeps): string {
  if (deps.mailer.transport === 'smtp') return 'SMTP';
  return deps.config.production
    ? 'not sent: kept in the outbox table only (ALLOW_OUTBOX_MAIL=1), which nothing serves over HTTP'
    : 'outbox (read it at /dev/mailbox on this machine)';
}

/** One line per concern, so the start-up log says which implementation is in use. */
export function describeProviders(deps: AppDeps): Record<string, string> {
  const { config } = deps;
  return {
    database: config.database.isLocalFile
      ? `local libSQL file ${config.database.url.slice(5)}`
      : 'libSQL server',
    mail: describeMail(deps),
    payments: config.paypal ? `PayPal ${config.paypal.env}` : 'built-in TEST MODE provider',
    payouts: config.paypal
      ? `PayPal Payouts ${config.paypal.env}${config.finance.payoutSchedule === 'off' ? '' : `, ${config.finance.payoutSchedule} run`}`
      : 'built-in TEST MODE payouts (no money moves)',
    googleSignIn: deps.google ? 'enabled' : 'hidden (no GOOGLE_CLIENT_ID)',
    distance: config.google.mapsApiKey ? 'Google Distance Matrix' : 'postcode-area estimate',
    addresses: deps.addresses
      ? `${deps.addresses.name} postcode look-up, with the address book and earlier orders`
      : 'address book and earlier orders (no IDEAL_POSTCODES_API_KEY)',
    uploads: `local folder ${config.uploadDir}`,
  };
}
