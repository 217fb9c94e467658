/**
 * Creates an admin account in the database the API uses: the way to the first admin in a real
 * deployment (sign-up only makes customers and vendors).
 *
 *   pnpm --filter @consign/api admin:create --email staff@example.com [--name "Sam Staff"]
 *
 * The password is asked on the terminal (not echoed), or read from ADMIN_PASSWORD when there is
 * no terminal (scripts, CI). Exits 1 with a message when the email is taken or invalid.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { ConfigError, loadConfig } from '../src/config';
import { createDeps } from '../src/deps';
import { AdminCreateError, createAdmin } from '../src/features/admin';
import { createLogger } from '../src/lib/logger';

const USAGE = 'usage: admin:create --email <address> [--name <name>]';

function parseArgs(argv: string[]) {
  const options: { email?: string; name?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--email') options.email = argv[++i];
    else if (arg === '--name') options.name = argv[++i];
    else throw new AdminCreateError(`unknown argument ${arg}; ${USAGE}`);
  }
  if (!options.email) throw new AdminCreateError(`--email is required; ${USAGE}`);
  return options as { email: string; name?: string };
}

/** Reads a line without echoing it, so the password is not left on the screen or in scrollback. */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _enc, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    throw new AdminCreateError('No terminal to ask on: set ADMIN_PASSWORD to the new admin password');
  }
  const first = await askHidden('Password (8-128 characters): ');
  const second = await askHidden('Repeat the password: ');
  if (first !== second) throw new AdminCreateError('The passwords do not match');
  return first;
}

async function main() {
  // pnpm runs package scripts inside api/; DATA_DIR is meant relative to where it was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const options = parseArgs(process.argv.slice(2));
  const password = await readPassword();
  const config = loadConfig();
  const deps = await createDeps(config, createLogger(config.logLevel));
  try {
    const admin = await createAdmin(deps, options.email, password, options.name);
    console.log(`Admin ${admin.email} created; sign in at ${config.publicUrl}/admin/`);
  } finally {
    deps.db.$client.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof AdminCreateError ? err.message : err);
  process.exit(1);
});
