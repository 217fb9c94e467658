import { randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from './errors';
import { Semaphore } from './mutex';
import { scryptPool } from './scrypt-pool';

// OWASP's scrypt parameters: N=2^17, r=8, p=1. That needs 128 * N * r = 128 MiB per hash, so
// maxmem is raised above Node's 32 MiB default and the number of hashes in flight is capped.
const N = 2 ** 17;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

function scrypt(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  return scryptPool.run({
    password: password.normalize('NFKC'),
    salt,
    ...params,
    keyLength: KEY_LENGTH,
    maxmem: MAXMEM,
  });
}

/** Answered when more password checks wait than PASSWORD_HASH_QUEUE allows. */
export function hashingBusy(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(503, `Too many sign-ins are being checked right now; try again in ${seconds} seconds`, {
    code: 'busy',
    headers: { 'Retry-After': String(seconds) },
  });
}

export type ScryptCost = { N: number; r: number; p: number };
export const OWASP_SCRYPT: ScryptCost = { N, r, p };
/** PASSWORD_HASH_COST=low: 32 times cheaper, for test servers only (config refuses it in production). */
export const LOW_SCRYPT: ScryptCost = { N: 2 ** 12, r, p };

/**
 * Password hashing off the event loop (worker threads, lib/scrypt-pool.ts), at most `concurrency`
 * hashes at a time and at most `maxQueue` more waiting; beyond that a check is refused at once
 * with 503 and Retry-After, instead of every waiting sign-in timing out together.
 */
export class PasswordHasher {
  readonly #limit: Semaphore;
  readonly #dummyHash: string;
  /** Recent seconds per hash (moving average), for Retry-After. */
  #secondsPerHash = 0.5;

  /** `cost` is lowered only by tests; stored hashes carry their own parameters. */
  constructor(
    private readonly concurrency: number,
    private readonly cost: ScryptCost = OWASP_SCRYPT,
    private readonly maxQueue = 32,
    /** Nice value of the hashing threads (Linux); production runs them below the event loop. */
    nice = 0,
  ) {
    this.#limit = new Semaphore(concurrency);
    scryptPool.grow(concurrency);
    scryptPool.renice(nice);
    this.#dummyHash = [
      'scrypt',
      cost.N,
      cost.r,
      cost.p,
      'AAAAAAAAAAAAAAAAAAAAAA',
      Buffer.alloc(KEY_LENGTH).toString('base64url'),
    ].join('$');
  }

  /**
   * Throws the 503 now if a check asked for at this moment would be refused: callers check before
   * counting a sign-in try, so a busy server never counts against anyone's failure limit.
   */
  assertNotBusy(): void {
    if (this.#limit.full && this.#limit.waiting >= this.maxQueue) {
      throw hashingBusy((this.#limit.waiting / this.concurrency + 1) * this.#secondsPerHash);
    }
  }

  #run<T>(work: () => Promise<T>): Promise<T> {
    try {
      this.assertNotBusy();
    } catch (err) {
      return Promise.reject(err);
    }
    return this.#limit.run(async () => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        this.#secondsPerHash = 0.8 * this.#secondsPerHash + (0.2 * (performance.now() - started)) / 1000;
      }
    });
  }

  /** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later. */
  hash(password: string): Promise<string> {
    return this.#run(async () => {
      const salt = randomBytes(16);
      const key = await scrypt(password, salt, this.cost);
      const { N, r, p } = this.cost;
      return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
    });
  }

  verify(password: string, stored: string): Promise<boolean> {
    return this.#run(async () => {
      const [scheme, n, rr, pp, salt, hash] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !hash) return false;
      const expected = Buffer.from(hash, 'base64url');
      const key = await scrypt(password, Buffer.from(salt, 'base64url'), {
        N: Number(n),
        r: Number(rr),
        p: Number(pp),
      });
      return key.length === expected.length && timingSafeEqual(key, expected);
    });
  }

  /** Spends the same effort as a real check, so an unknown email answers as slowly as a wrong password. */
  async burn(password: string): Promise<void> {
    await this.verify(password, this.#dummyHash);
  }
}
