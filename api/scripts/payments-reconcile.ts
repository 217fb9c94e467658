/**
 * Runs the payments reconciler once against the database and payment provider the API uses:
 * records captures that succeeded at the provider but were never recorded (the order becomes
 * pending, once), refunds payments whose order or job cannot be fulfilled, purges expired
 * idempotency keys, and expires (and refunds) jobs nobody accepted within 7 days. The API also runs it every 5 minutes; this is for operators and cron.
 *
 *   pnpm --filter @consign/api payments:reconcile [--min-age-seconds N]
 *
 * --min-age-seconds: leave payments younger than this alone (default 120), since a request may
 * still be capturing them. Exits 1 when some payment could not be checked.
 */
import { ConfigError, loadConfig } from '../src/config';
import { createDeps } from '../src/deps';
import { expireJobs } from '../src/features/jobs';
import { reconcilePayments } from '../src/features/payments';
import { createLogger } from '../src/lib/logger';
import { registerFeatureHooks } from '../src/registrations';

function parseArgs(argv: string[]): { minAgeMs?: number } {
  const options: { minAgeMs?: number } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--min-age-seconds') {
      const seconds = Number(argv[++i]);
      if (!Number.isFinite(seconds) || seconds < 0)
        throw new Error('--min-age-seconds needs a number of seconds');
      options.minAgeMs = seconds * 1000;
    } else {
      throw new Error(`unknown argument ${arg}; usage: payments:reconcile [--min-age-seconds N]`);
    }
  }
  return options;
}

async function main() {
  // pnpm runs package scripts inside api/; DATA_DIR is meant relative to where it was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const options = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const deps = await createDeps(config, logger);
  // The same payment targets as the API registers, without loading the HTTP app.
  registerFeatureHooks();
  try {
    const summary = await reconcilePayments(deps, options);
    const expiredJobs = await expireJobs(deps);
    console.log(JSON.stringify({ ...summary, expiredJobs }, null, 2));
    if (summary.errors > 0) process.exitCode = 1;
  } finally {
    deps.db.$client.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
