/**
 * Removes the demo data from a database that was used for a trial, before it serves production:
 * the demo accounts (published password) are retired and the demo partner's key stops working.
 *
 *   pnpm --filter @consign/api demo:remove
 *
 * Uses the same configuration (DATA_DIR or DATABASE_URL) as the API. Create your own admin with
 * admin:create first: the demo admin goes too.
 */
import { ConfigError, loadConfig } from '../src/config';
import { removeDemoData } from '../src/db/seed';
import { createDeps } from '../src/deps';
import { createLogger } from '../src/lib/logger';

async function main() {
  // pnpm runs package scripts inside api/; DATA_DIR is meant relative to where it was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  const deps = await createDeps(config, createLogger(config.logLevel));
  try {
    const removed = await removeDemoData(deps.db);
    if (removed.length === 0) console.log('No demo data in this database.');
    else console.log(['Removed the demo data:', ...removed.map((r) => `  - ${r}`)].join('\n'));
  } finally {
    deps.db.$client.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
