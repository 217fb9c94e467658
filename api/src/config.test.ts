import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'consign-config-'));

describe('configuration', () => {
  it('uses the embedded defaults: local file database, outbox mail, test payments, generated secret', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.database.url).toBe(`file:${join(dir, 'consign.db')}`);
    expect(config.database.isLocalFile).toBe(true);
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.paypal).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    // the generated secret is kept, so a restart keeps sessions valid
    expect(readFileSync(join(dir, 'secret'), 'utf8').trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('lists every bad value at once', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        DATABASE_URL: 'postgres://nope',
        SMTP_URL: 'mail.example.com',
        JWT_SECRET: 'short',
        PAYPAL_CLIENT_ID: 'only-the-id',
        SEED_DEMO: 'maybe',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'SMTP_URL',
      'JWT_SECRET',
      'PAYPAL_CLIENT_SECRET',
      'SEED_DEMO',
    ]) {
      expect(problems).toContain(name);
    }
  });

  it('requires PUBLIC_URL in production, where every browser link is built on it', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48) });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toContain('PUBLIC_URL: required in production');
    // Outside production the default stays, and links follow the request (lib/origin).
    expect(loadConfig({ DATA_DIR: dataDir() }).publicUrl).toBe('http://localhost:3000');
  });

  it('picks the real providers when configured', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'libsql://consign.example.turso.io',
      DATABASE_AUTH_TOKEN: 'token',
      SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_ENV: 'live',
      SEED_DEMO: '0',
    });
    expect(config.database).toEqual({
      url: 'libsql://consign.example.turso.io',
      authToken: 'token',
      isLocalFile: false,
      // Only production checkpoints a local file from a worker thread (a server does its own).
      backgroundCheckpoint: false,
    });
    expect(config.paypal?.apiBase).toBe('https://api-m.paypal.com');
    expect(config.seedDemo).toBe(false);
  });

  it('reads the Ideal Postcodes key, and names the new variable to anyone still setting the old one', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), IDEAL_POSTCODES_API_KEY: 'ak_live' });
    expect(config.addresses).toEqual({ idealPostcodesApiKey: 'ak_live', apiBase: undefined });
    expect(loadConfig({ DATA_DIR: dataDir() }).addresses.idealPostcodesApiKey).toBeUndefined();
    const error = (() => {
      try {
        loadConfig({ DATA_DIR: dataDir(), ADDRESS_API_KEY: 'ak_old' });
      } catch (err) {
        return err;
      }
    })();
    expect((error as ConfigError).problems).toEqual([
      'ADDRESS_API_KEY: renamed; set IDEAL_POSTCODES_API_KEY to an Ideal Postcodes key for postcode look-up, or remove ADDRESS_API_KEY',
    ]);
  });
});

describe('production mode', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://consign.example',
        ...env,
      });
      return [];
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
  };
  const real = {
    SMTP_URL: 'smtp://smtp.example.com:587',
    PAYPAL_CLIENT_ID: 'id',
    PAYPAL_CLIENT_SECRET: 'secret',
    JWT_SECRET: 'a-real-production-secret-of-enough-length',
    PUBLIC_URL: 'https://consign.example',
    COMPANY_LEGAL_NAME: 'Consign Ltd',
    COMPANY_ADDRESS: '1 Real Street, London, EC1A 1AA',
    COMPANY_VAT_NUMBER: 'GB123456789',
  };

  it('refuses each unsafe default with one message naming the variable to set', () => {
    const problems = problemsOf({});
    expect(problems).toHaveLength(6);
    expect(problems[0]).toMatch(/^SMTP_URL: .*ALLOW_OUTBOX_MAIL=1/);
    expect(problems[1]).toMatch(/^PAYPAL_CLIENT_ID: .*TEST MODE.*ALLOW_TEST_PAYMENTS=1/);
    expect(problems[2]).toMatch(/^JWT_SECRET: .*ALLOW_GENERATED_SECRET=1/);
    // The seller on receipts has no safe default: a made-up VAT number on a real receipt is worse than none.
    expect(problems[3]).toMatch(/^COMPANY_LEGAL_NAME: required in production/);
    expect(problems[4]).toMatch(/^COMPANY_ADDRESS: required in production/);
    expect(problems[5]).toMatch(/^COMPANY_VAT_NUMBER: required in production/);
    expect(problemsOf({ ...real, SMTP_URL: '' })).toEqual([expect.stringMatching(/^SMTP_URL:/)]);
  });

  it('starts with the real providers: no demo data and no warnings', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', ...real });
    expect(config.production).toBe(true);
    expect(config.seedDemo).toBe(false);
    expect(config.warnings).toEqual([]);
  });

  it('accepts each unsafe default only when named, and warns about it', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://consign.example',
      ALLOW_OUTBOX_MAIL: '1',
      ALLOW_TEST_PAYMENTS: '1',
      ALLOW_GENERATED_SECRET: '1',
      SEED_DEMO: '1',
      COMPANY_LEGAL_NAME: real.COMPANY_LEGAL_NAME,
      COMPANY_ADDRESS: real.COMPANY_ADDRESS,
      COMPANY_VAT_NUMBER: real.COMPANY_VAT_NUMBER,
    });
    expect(config.seedDemo).toBe(true);
    expect(config.warnings).toEqual([
      expect.stringContaining('ALLOW_OUTBOX_MAIL=1'),
      expect.stringContaining('ALLOW_TEST_PAYMENTS=1'),
      expect.stringContaining('ALLOW_GENERATED_SECRET=1'),
      expect.stringContaining('SEED_DEMO=1'),
    ]);
  });

  it('requires an https PUBLIC_URL in production unless ALLOW_INSECURE_PUBLIC_URL=1, and warns then', () => {
    expect(problemsOf({ ...real, PUBLIC_URL: 'http://consign.example' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: must start with https:\/\/ .*ALLOW_INSECURE_PUBLIC_URL=1/),
    ]);
    const config = loadConfig({
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      ...real,
      PUBLIC_URL: 'http://consign.example',
      ALLOW_INSECURE_PUBLIC_URL: '1',
    });
    expect(config.warnings).toEqual([expect.stringContaining('ALLOW_INSECURE_PUBLIC_URL=1')]);
    // Outside production http is how a machine of one's own is reached.
    expect(problemsOf({ NODE_ENV: 'development', PUBLIC_URL: 'http://127.0.0.1:3000' })).toEqual([]);
  });

  it('limits anonymous quotes to 120 a minute by default; 0 turns it off and is unsafe in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).quoteLimitPerMinute).toBe(120);
    const off = loadConfig({
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      ...real,
      QUOTE_LIMIT_PER_MINUTE: '0',
    });
    expect(off.quoteLimitPerMinute).toBe(0);
    expect(off.warnings).toEqual([expect.stringContaining('QUOTE_LIMIT_PER_MINUTE=0')]);
    expect(problemsOf({ ...real, QUOTE_LIMIT_PER_MINUTE: '-1' })).toEqual([
      expect.stringMatching(/^QUOTE_LIMIT_PER_MINUTE:/),
    ]);
  });

  it('limits sign-ups to 20 an hour per address by default; 0 turns it off and is unsafe in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).signupLimitPerHour).toBe(20);
    const off = loadConfig({
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      ...real,
      SIGNUP_LIMIT_PER_HOUR: '0',
    });
    expect(off.signupLimitPerHour).toBe(0);
    expect(off.warnings).toEqual([expect.stringContaining('SIGNUP_LIMIT_PER_HOUR=0')]);
    expect(problemsOf({ ...real, SIGNUP_LIMIT_PER_HOUR: 'many' })).toEqual([
      expect.stringMatching(/^SIGNUP_LIMIT_PER_HOUR:/),
    ]);
  });

  it('reads the money settings: commission as basis points, a hold of at least a day in production', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() }).finance;
    expect(defaults).toMatchObject({
      commission: { percentBp: 1000, fixed: 0 },
      holdDays: 7,
      payoutMinimum: 100,
      payoutSchedule: 'off',
      company: { legalName: 'Consign Demo Ltd', vatNumber: 'GB000000000' },
    });
    const set = loadConfig({
      DATA_DIR: dataDir(),
      COMMISSION_PERCENT: '12.5',
      COMMISSION_FIXED: '30',
      PAYOUT_HOLD_DAYS: '0',
      PAYOUT_SCHEDULE: 'weekly',
    }).finance;
    expect(set).toMatchObject({
      commission: { percentBp: 1250, fixed: 30 },
      holdDays: 0,
      payoutSchedule: 'weekly',
    });
    expect(problemsOf({ ...real, PAYOUT_HOLD_DAYS: '0' })).toEqual([
      expect.stringMatching(/^PAYOUT_HOLD_DAYS: must be at least 1 in production/),
    ]);
    expect(problemsOf({ ...real, PASSWORD_HASH_COST: 'low' })).toEqual([
      expect.stringMatching(/^PASSWORD_HASH_COST: 'low' is for test servers only/),
    ]);
    expect(loadConfig({ DATA_DIR: dataDir() }).passwordHashCost).toBe('owasp');
    expect(loadConfig({ DATA_DIR: dataDir(), PASSWORD_HASH_COST: 'low' }).passwordHashCost).toBe('low');
    expect(problemsOf({ ...real, COMMISSION_PERCENT: '12.345' })).toEqual([
      expect.stringMatching(/^COMMISSION_PERCENT: must be a percentage with at most two decimals/),
    ]);
    expect(problemsOf({ ...real, COMMISSION_PERCENT: '150' })).toEqual([
      expect.stringMatching(/^COMMISSION_PERCENT: must be at most 100/),
    ]);
    expect(problemsOf({ ...real, COMPANY_VAT_NUMBER: '123' })).toEqual([
      expect.stringMatching(/^COMPANY_VAT_NUMBER: must be a VAT number/),
    ]);
  });

  it('stays friendly outside production: demo data and no warnings', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.production).toBe(false);
    expect(config.seedDemo).toBe(true);
    expect(config.warnings).toEqual([]);
  });
});
