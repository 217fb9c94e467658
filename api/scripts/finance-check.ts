/**
 * Checks the invariant of the books against the database the API uses (docs/payments.md, "The
 * invariant"): for every courier, the platform and the money of jobs not yet accepted, the ledger
 * entries sum to captured - refunded - paid out, worked out from the payments, refunds,
 * commission snapshots and payout items themselves; every payment's entries sum to what it kept;
 * every payment has its receipt and every refund its credit note.
 *
 *   pnpm --filter @consign/api finance:check [--json]
 *
 * Prints each account's figures and every difference; exits 1 when the books do not balance.
 */
import { ConfigError, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { checkBooks } from '../src/features/ledger';

const money = (minor: number) => (minor / 100).toFixed(2);

async function main() {
  // pnpm runs package scripts inside api/; DATA_DIR is meant relative to where it was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const args = process.argv.slice(2);
  const unknown = args.find((a) => a !== '--json');
  if (unknown) throw new Error(`unknown argument ${unknown}; usage: finance:check [--json]`);
  const config = loadConfig();
  const db = await openDatabase(config.database);
  try {
    await runMigrations(db);
    const books = await checkBooks(db);
    if (args.includes('--json')) {
      console.log(JSON.stringify(books, null, 2));
    } else {
      for (const a of books.accounts) {
        const who = a.account === 'courier' ? `courier ${a.vendorId}` : a.account;
        const mark = a.entries === a.expected ? 'ok' : 'DIFFERS';
        console.log(
          `${mark.padEnd(8)}${who.padEnd(46)}${a.currency}  entries ${money(a.entries).padStart(12)}  = captured ${money(a.captured)} - refunded ${money(a.refunded)} - paid out ${money(a.paidOut)}${a.transferred ? ` - moved on ${money(a.transferred)}` : ''}`,
        );
      }
      for (const t of books.totals) {
        console.log(
          `all accounts ${t.currency}: entries ${money(t.entries)} = captured ${money(t.captured)} - refunded ${money(t.refunded)} - paid out ${money(t.paidOut)}`,
        );
      }
      for (const problem of books.problems) console.log(`PROBLEM: ${problem}`);
      console.log(
        books.ok ? 'The books balance.' : `The books do not balance: ${books.problems.length} problem(s).`,
      );
    }
    if (!books.ok) process.exitCode = 1;
  } finally {
    db.$client.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
