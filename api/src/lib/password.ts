import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { Semaphore } from './mutex';

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
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export type ScryptCost = { N: number; r: number; p: number };
export const OWASP_SCRYPT: ScryptCost = { N, r, p };

export class PasswordHasher {
  readonly #limit: Semaphore;
  readonly #dummyHash: string;

  /** `cost` is lowered only by tests; stored hashes carry their own parameters. */
  constructor(
    concurrency: number,
    private readonly cost: ScryptCost = OWASP_SCRYPT,
  ) {
    this.#limit = new Semaphore(concurrency);
    this.#dummyHash = [
      'scrypt',
      cost.N,
      cost.r,
      cost.p,
      'AAAAAAAAAAAAAAAAAAAAAA',
      Buffer.alloc(KEY_LENGTH).toString('base64url'),
    ].join('$');
  }

  /** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later. */
  hash(password: string): Promise<string> {
    return this.#limit.run(async () => {
      const salt = randomBytes(16);
      const key = await scrypt(password, salt, this.cost);
      const { N, r, p } = this.cost;
      return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
    });
  }

  verify(password: string, stored: string): Promise<boolean> {
    return this.#limit.run(async () => {
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
