import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { closeDatabase } from './db/client';
import { demoLeftovers, demoLeftoversMessage, seedDemoData } from './db/seed';
import { demoBanner } from './demo-banner';
import { createDeps, describeProviders } from './deps';
import { startClaimSweep } from './features/claims';
import { startJobExpiry } from './features/jobs';
import { startUnpaidOrderExpiry } from './features/orders';
import { startPaymentReconciler } from './features/payments';
import { startPayoutSweep } from './features/payouts';
import { startQuoteRetention } from './features/quotes';
import { listen, stop } from './lib/http-server';
import { createLogger, defaultLogFormat, logHasher } from './lib/logger';
import { startOutboxSweep } from './lib/outbox';
import { startRateLimitPruning } from './lib/rate-limit';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel, defaultLogFormat(), logHasher(config.jwtSecret));
  const deps = await createDeps(config, logger);
  logger.info(describeProviders(deps), 'providers');
  // Opt-ins to unsafe defaults in production: loud in the log and on the console, every start.
  for (const warning of config.warnings) {
    logger.warn({ production: true }, `UNSAFE IN PRODUCTION: ${warning}`);
    console.error(`WARNING: UNSAFE IN PRODUCTION: ${warning}`);
  }

  // A trial database carried into production keeps its published demo passwords: refuse it.
  if (config.production && !config.seedDemo) {
    const leftovers = await demoLeftovers(deps.db);
    if (leftovers.length > 0) {
      console.error(demoLeftoversMessage(leftovers));
      await closeDatabase(deps.db);
      process.exit(1);
    }
  }
  const seeded = config.seedDemo ? await seedDemoData(deps) : null;

  const app = createApp(deps);
  // Background sweeps every 5 minutes: finish captures a crash left unrecorded, refund what cannot
  // be fulfilled, and expire (and refund) jobs nobody accepted within 7 days.
  const sweeps = [
    startPaymentReconciler(deps),
    startJobExpiry(deps),
    startRateLimitPruning(deps),
    startUnpaidOrderExpiry(deps),
    // Every 10 minutes, in one process at a time: delete quotes nobody booked, days after expiry.
    startQuoteRetention(deps),
    // Every 5 minutes, in one process at a time: finish payout runs a crash left unsent or unsettled,
    // and the scheduled run when PAYOUT_SCHEDULE turns it on.
    startPayoutSweep(deps),
    // Every 5 minutes, in one process at a time: escalate claims whose courier missed its deadline.
    startClaimSweep(deps),
    // Every 2 seconds: deliver outbox events (order and job mail) off the request path, retrying failures.
    startOutboxSweep(deps),
  ];
  const server = listen(app.fetch, { port: config.port, hostname: config.host }, (info) => {
    logger.info({ port: info.port }, `Consign is listening on ${config.publicUrl}`);
    if (seeded) console.log(demoBanner(seeded, config.publicUrl));
  });

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    // Stop taking connections and let in-flight requests finish; then let the sweeps finish what
    // they hold and the work requests left running (mail) end, then close the database. A delivery
    // cut between its mail and its record would be sent again once its claim lapsed.
    void stop(server)
      .catch((err) => logger.error({ err }, 'closing the server failed'))
      .then(async () => {
        logger.info('finishing background work');
        await Promise.all(sweeps.map((sweep) => sweep.stop()));
        await deps.background.idle();
      })
      .then(() => closeDatabase(deps.db))
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
