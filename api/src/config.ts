import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === '1' || v === 'true'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^(libsql|https?|wss?|file):/, 'must start with libsql:, http(s):, ws(s): or file:')
      .optional(),
  ),
  DATABASE_AUTH_TOKEN: optionalString,
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Consign <no-reply@consign.example>'),
  STAFF_EMAIL: z.email().default('support@consign.example'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_MAPS_API_KEY: optionalString,
  IDEAL_POSTCODES_API_KEY: optionalString,
  IDEAL_POSTCODES_API_BASE: optionalString.pipe(z.url().optional()),
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_ENV: z.enum(['sandbox', 'live']).default('sandbox'),
  PAYPAL_WEBHOOK_ID: optionalString,
  PAYPAL_API_BASE: optionalString.pipe(z.url().optional()),
  UPLOAD_DIR: optionalString,
  // Undefined here so that the default can depend on NODE_ENV (see loadConfig).
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  ALLOW_OUTBOX_MAIL: flag(false),
  ALLOW_TEST_PAYMENTS: flag(false),
  ALLOW_GENERATED_SECRET: flag(false),
  ALLOW_INSECURE_PUBLIC_URL: flag(false),
  QUOTE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(120),
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  PASSWORD_HASH_NICE: z.coerce.number().int().min(0).max(19).optional(),
  // `low` (scrypt N=2^12) only for test servers that create hundreds of accounts; refused in production.
  PASSWORD_HASH_COST: z.enum(['owasp', 'low']).default('owasp'),
  DB_BACKGROUND_CHECKPOINT: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    // Undefined here so that the default can depend on NODE_ENV (see loadConfig).
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  STATIC_ROOT: optionalString,
  TRUST_PROXY: flag(false),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  QUOTE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
  // Money (docs/payments.md, "The money model").
  COMMISSION_PERCENT: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a percentage with at most two decimals, e.g. 12.5')
    .refine((v) => Number(v) <= 100, 'must be at most 100')
    .default('10'),
  COMMISSION_FIXED: z.coerce.number().int().min(0).max(100_000).default(0),
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  PAYOUT_MINIMUM: z.coerce.number().int().min(1).max(100_000_000).default(100),
  PAYOUT_SCHEDULE: z.enum(['off', 'daily', 'weekly']).default('off'),
  CLAIM_RESPONSE_WORKING_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  LOSS_CLAIM_NO_SCAN_WORKING_DAYS: z.coerce.number().int().min(1).max(60).default(5),
  COMPANY_LEGAL_NAME: optionalString.pipe(z.string().max(200).optional()),
  COMPANY_ADDRESS: optionalString.pipe(z.string().max(500).optional()),
  COMPANY_VAT_NUMBER: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Z]{2}[0-9A-Z ]{2,14}$/, 'must be a VAT number with its country prefix, e.g. GB123456789')
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: Env['NODE_ENV'];
  /** NODE_ENV=production: no unsafe embedded default is ever chosen silently. */
  production: boolean;
  /** Unsafe embedded defaults an operator opted into in production; logged loudly at start-up. */
  warnings: string[];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** backgroundCheckpoint: WAL checkpoints from a worker thread, off the event loop (local file only). */
  database: { url: string; authToken?: string; isLocalFile: boolean; backgroundCheckpoint: boolean };
  jwtSecret: string;
  mail: { smtpUrl?: string; from: string; staffEmail: string };
  google: { clientId?: string; jwksUrl: string; mapsApiKey?: string };
  /** Postcode look-up through Ideal Postcodes; without a key the embedded suggestions only. */
  addresses: { idealPostcodesApiKey?: string; apiBase?: string };
  paypal?: {
    clientId: string;
    clientSecret: string;
    env: 'sandbox' | 'live';
    webhookId?: string;
    apiBase: string;
  };
  uploadDir: string;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  bodyLimitBytes: number;
  passwordHashConcurrency: number;
  /** Password checks that may wait for a hashing thread; beyond that sign-ins answer 503. */
  passwordHashQueue: number;
  /** Nice value of the hashing threads: below the event loop in production (10), else 0. */
  passwordHashNice: number;
  /** `owasp` (scrypt N=2^17), or `low` (N=2^12) for test servers; stored hashes keep their own. */
  passwordHashCost: 'owasp' | 'low';
  staticRoot?: string;
  trustProxy: boolean;
  /** How many proxies we trust to append to X-Forwarded-For: the client is that many hops from the right. */
  trustProxyHops: number;
  /** Days after expiry that a quote nobody booked is kept before the retention job deletes it. */
  quoteRetentionDays: number;
  /** Quotes per minute per client address without a partner key; 0 turns the limit off. */
  quoteLimitPerMinute: number;
  /** Sign-ups an hour per client address; 0 for none. */
  signupLimitPerHour: number;
  /** How long a courier has to answer a claim (docs/claims-and-returns.md). */
  claims: {
    responseWorkingDays: number;
    /** Working days without a scan after which a parcel under way is offered a loss claim. */
    noScanWorkingDays: number;
  };
  /** The money model (docs/payments.md): commission, the payout hold and the seller on receipts. */
  finance: FinanceConfig;
};

export type FinanceConfig = {
  /** The platform's commission for couriers without their own rate: basis points and a fixed part in minor units. */
  commission: { percentBp: number; fixed: number };
  /** Days after delivery before a courier's earnings from an order can be paid out. */
  holdDays: number;
  /** The smallest available balance (minor units) a payout run pays. */
  payoutMinimum: number;
  /** Whether payouts also run on their own, and how often. */
  payoutSchedule: 'off' | 'daily' | 'weekly';
  /** Who issues the receipts and credit notes. */
  company: { legalName: string; address: string; vatNumber: string };
};

/** Receipts outside production name an obviously fictitious seller. */
export const DEMO_COMPANY = {
  legalName: 'Consign Demo Ltd',
  address: '1 Example Street, London, EC1A 1AA, United Kingdom',
  vatNumber: 'GB000000000',
} as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the secret from JWT_SECRET, or keeps a generated one in the data folder so sessions survive restarts. */
function resolveSecret(env: Env, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = resolve(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * In production each embedded default that is unsafe for real customers stops start-up, unless
 * the operator opted into it by name. One message per problem, naming what to set.
 */
function productionProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.SMTP_URL && !env.ALLOW_OUTBOX_MAIL) {
    problems.push(
      'SMTP_URL: required in production, or mail (sign-up codes, reset links) would only be kept in the outbox table; set SMTP_URL, or ALLOW_OUTBOX_MAIL=1 to accept that',
    );
  }
  if (!(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET) && !env.ALLOW_TEST_PAYMENTS) {
    problems.push(
      'PAYPAL_CLIENT_ID: required in production (with PAYPAL_CLIENT_SECRET), or payments would use TEST MODE and take no money; set them, or ALLOW_TEST_PAYMENTS=1 to accept that',
    );
  }
  if (!env.JWT_SECRET && !env.ALLOW_GENERATED_SECRET) {
    problems.push(
      'JWT_SECRET: required in production (32+ random characters, the same on every instance); set it, or ALLOW_GENERATED_SECRET=1 to keep a generated one in DATA_DIR/secret',
    );
  }
  if (env.PASSWORD_HASH_COST === 'low') {
    problems.push(
      "PASSWORD_HASH_COST: 'low' is for test servers only; production hashes passwords at OWASP's cost (leave it unset)",
    );
  }
  if (env.PAYOUT_HOLD_DAYS === 0) {
    problems.push(
      "PAYOUT_HOLD_DAYS: must be at least 1 in production, so that a refund after delivery can still come out of the courier's balance",
    );
  }
  for (const [name, what] of [
    ['COMPANY_LEGAL_NAME', 'the company name printed on receipts and credit notes'],
    ['COMPANY_ADDRESS', 'the registered address printed on receipts and credit notes'],
    ['COMPANY_VAT_NUMBER', 'the VAT registration number printed on receipts and credit notes'],
  ] as const) {
    if (!env[name]) problems.push(`${name}: required in production: ${what}`);
  }
  return problems;
}

function productionWarnings(env: Env): string[] {
  const warnings: string[] = [];
  if (!env.SMTP_URL)
    warnings.push('ALLOW_OUTBOX_MAIL=1: no mail is sent; it is only kept in the outbox table');
  if (!(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET))
    warnings.push('ALLOW_TEST_PAYMENTS=1: payments and payouts use TEST MODE: no money is taken or paid');
  if (!env.JWT_SECRET)
    warnings.push(
      'ALLOW_GENERATED_SECRET=1: sessions are signed with a secret generated into DATA_DIR/secret',
    );
  if (env.SEED_DEMO) warnings.push('SEED_DEMO=1: demo accounts with the published password exist');
  if (env.PUBLIC_URL?.startsWith('http://'))
    warnings.push(
      'ALLOW_INSECURE_PUBLIC_URL=1: PUBLIC_URL is http://, so the refresh cookie is not Secure and links travel in clear',
    );
  if (env.QUOTE_LIMIT_PER_MINUTE === 0)
    warnings.push(
      'QUOTE_LIMIT_PER_MINUTE=0: anonymous quotes are not limited; one address can fill the database',
    );
  if (env.SIGNUP_LIMIT_PER_HOUR === 0)
    warnings.push(
      'SIGNUP_LIMIT_PER_HOUR=0: sign-ups are not limited per address; one address can mail codes to anyone',
    );
  return warnings;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
  // Checked beside the schema so that this problem is listed together with all the others.
  if (Boolean(source.PAYPAL_CLIENT_ID?.trim()) !== Boolean(source.PAYPAL_CLIENT_SECRET?.trim())) {
    problems.push('PAYPAL_CLIENT_SECRET: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together');
  }
  if (source.ADDRESS_API_KEY?.trim() && !source.IDEAL_POSTCODES_API_KEY?.trim()) {
    problems.push(
      'ADDRESS_API_KEY: renamed; set IDEAL_POSTCODES_API_KEY to an Ideal Postcodes key for postcode look-up, or remove ADDRESS_API_KEY',
    );
  }
  if (parsed.success) problems.push(...productionProblems(parsed.data));
  // Links in mail and payment returns are built on PUBLIC_URL in production (lib/origin), never
  // on a request's Host header, so there is no safe default for it.
  if (source.NODE_ENV === 'production' && !source.PUBLIC_URL?.trim()) {
    problems.push(
      'PUBLIC_URL: required in production: the https address customers use, e.g. https://consign.example',
    );
  } else if (
    parsed.success &&
    parsed.data.NODE_ENV === 'production' &&
    !parsed.data.PUBLIC_URL?.startsWith('https://') &&
    !parsed.data.ALLOW_INSECURE_PUBLIC_URL
  ) {
    problems.push(
      'PUBLIC_URL: must start with https:// in production (the refresh cookie is Secure only then); use the https address, or ALLOW_INSECURE_PUBLIC_URL=1 to accept http',
    );
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR);
  const localDbUrl = `file:${resolve(dataDir, 'consign.db')}`;
  const dbUrl = env.DATABASE_URL ?? localDbUrl;
  const paypalBase =
    env.PAYPAL_ENV === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com';
  return {
    env: env.NODE_ENV,
    production,
    warnings: production ? productionWarnings(env) : [],
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    database: {
      url: dbUrl,
      authToken: env.DATABASE_AUTH_TOKEN,
      isLocalFile: dbUrl.startsWith('file:'),
      // Off by default in development and tests: one worker thread per opened database.
      backgroundCheckpoint: env.DB_BACKGROUND_CHECKPOINT ?? production,
    },
    jwtSecret: resolveSecret(env, dataDir),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, staffEmail: env.STAFF_EMAIL },
    google: {
      clientId: env.GOOGLE_CLIENT_ID,
      jwksUrl: env.GOOGLE_JWKS_URL,
      mapsApiKey: env.GOOGLE_MAPS_API_KEY,
    },
    addresses: { idealPostcodesApiKey: env.IDEAL_POSTCODES_API_KEY, apiBase: env.IDEAL_POSTCODES_API_BASE },
    paypal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? {
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: env.PAYPAL_CLIENT_SECRET,
            env: env.PAYPAL_ENV,
            webhookId: env.PAYPAL_WEBHOOK_ID,
            apiBase: env.PAYPAL_API_BASE ?? paypalBase,
          }
        : undefined,
    uploadDir: resolve(env.UPLOAD_DIR ?? resolve(dataDir, 'uploads')),
    // Demo accounts share a published password: in production only on explicit request.
    seedDemo: env.SEED_DEMO ?? !production,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    passwordHashConcurrency: env.PASSWORD_HASH_CONCURRENCY,
    passwordHashQueue: env.PASSWORD_HASH_QUEUE,
    passwordHashNice: env.PASSWORD_HASH_NICE ?? (production ? 10 : 0),
    passwordHashCost: env.PASSWORD_HASH_COST,
    staticRoot: env.STATIC_ROOT,
    trustProxy: env.TRUST_PROXY,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    quoteRetentionDays: env.QUOTE_RETENTION_DAYS,
    quoteLimitPerMinute: env.QUOTE_LIMIT_PER_MINUTE,
    signupLimitPerHour: env.SIGNUP_LIMIT_PER_HOUR,
    claims: {
      responseWorkingDays: env.CLAIM_RESPONSE_WORKING_DAYS,
      noScanWorkingDays: env.LOSS_CLAIM_NO_SCAN_WORKING_DAYS,
    },
    finance: {
      commission: { percentBp: percentToBasisPoints(env.COMMISSION_PERCENT), fixed: env.COMMISSION_FIXED },
      holdDays: env.PAYOUT_HOLD_DAYS,
      payoutMinimum: env.PAYOUT_MINIMUM,
      payoutSchedule: env.PAYOUT_SCHEDULE,
      company: {
        legalName: env.COMPANY_LEGAL_NAME ?? DEMO_COMPANY.legalName,
        address: env.COMPANY_ADDRESS ?? DEMO_COMPANY.address,
        vatNumber: env.COMPANY_VAT_NUMBER ?? DEMO_COMPANY.vatNumber,
      },
    },
  };
}

/** "12.5" -> 1250, read as text so that no floating point touches a rate. */
function percentToBasisPoints(percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
