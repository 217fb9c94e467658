import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { OWASP_SCRYPT, PasswordHasher } from './password';

describe('password hashing', () => {
  it("uses OWASP's scrypt parameters by default and verifies only the right password", async () => {
    const hasher = new PasswordHasher(2);
    const hash = await hasher.hash('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(OWASP_SCRYPT).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(await hasher.verify('correct horse battery staple', hash)).toBe(true);
    expect(await hasher.verify('correct horse battery stapler', hash)).toBe(false);
  });

  it('salts every hash and reads the parameters stored in the hash', async () => {
    const cheap = new PasswordHasher(2, { N: 2 ** 12, r: 8, p: 1 });
    const a = await cheap.hash('same');
    const b = await cheap.hash('same');
    expect(a).not.toBe(b);
    // a hasher with other defaults still verifies old hashes by their own parameters
    expect(await new PasswordHasher(1, { N: 2 ** 10, r: 8, p: 1 }).verify('same', a)).toBe(true);
    expect(await cheap.verify('same', 'garbage')).toBe(false);
  });
});

describe('password hashing off the event loop', () => {
  it("leaves libuv's thread pool free while hashes run: a file read finishes before any of four hashes", async () => {
    // Four hashes at once used to take all four of libuv's threads, so every file read (static
    // assets, uploads) waited for a hash to finish. (64 MiB hashes: slow enough to tell apart.)
    const hasher = new PasswordHasher(4, { N: 2 ** 16, r: 8, p: 1 });
    const finished: string[] = [];
    const hashes = Array.from({ length: 4 }, (_, i) =>
      hasher.hash(`password ${i}`).then(() => finished.push(`hash ${i}`)),
    );
    await readFile(fileURLToPath(import.meta.url));
    finished.push('file read');
    await Promise.all(hashes);
    expect(finished[0]).toBe('file read');
  }, 60_000);

  it('refuses at once with 503 and Retry-After when more checks wait than the queue allows', async () => {
    const hasher = new PasswordHasher(1, { N: 2 ** 12, r: 8, p: 1 }, 2);
    const stored = await hasher.hash('secret');
    const running = hasher.verify('secret', stored);
    const queued = [hasher.verify('secret', stored), hasher.verify('wrong', stored)];
    const refused = hasher.verify('secret', stored).then(
      () => null,
      (err: unknown) => err,
    );
    expect(() => hasher.assertNotBusy()).toThrow(AppError);
    const err = (await refused) as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(503);
    expect(Number(err.headers?.['Retry-After'])).toBeGreaterThanOrEqual(1);
    // The ones admitted all complete; then there is room again.
    expect(await Promise.all([running, ...queued])).toEqual([true, true, false]);
    expect(() => hasher.assertNotBusy()).not.toThrow();
    expect(await hasher.verify('secret', stored)).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'runs the hashing threads at the nice value asked for, leaving the event loop where it was',
    async () => {
      // A thread may end between listing and reading (NaN then).
      const niceOf = (task: string) => {
        try {
          return Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
        } catch {
          return Number.NaN;
        }
      };
      const before = niceOf(String(process.pid));
      await new PasswordHasher(1, { N: 2 ** 10, r: 8, p: 1 }, 32, 7).hash('x');
      const nices = readdirSync('/proc/self/task').map(niceOf);
      expect(nices).toContain(7);
      expect(niceOf(String(process.pid))).toBe(before);
      // Back to 0 for whatever runs next in this process. (Threads still busy with another
      // test's hash take the new value after it, so it is not asserted here.)
      await new PasswordHasher(1, { N: 2 ** 10, r: 8, p: 1 }, 32, 0).hash('x');
    },
  );
});
