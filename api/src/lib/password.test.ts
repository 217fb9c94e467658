import { describe, expect, it } from 'vitest';
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
