/** Sign-in when every hashing slot is taken and the queue is full (PASSWORD_HASH_QUEUE). */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema';
import { OWASP_SCRYPT, PasswordHasher } from '../../lib/password';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';

let t: TestApp;
beforeEach(async () => {
  // OWASP's cost: the other sign-in's hash must still hold the only slot when the login arrives,
  // which the suite's millisecond hash (TEST_SCRYPT) would not promise on an idle core.
  t = await createTestApp(
    { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '0' },
    { hasher: new PasswordHasher(1, OWASP_SCRYPT, 0) },
  );
});
afterEach(() => t.close());

it('answers 503 problem+json with Retry-After when no check may wait, counting no try; signs in once there is room', async () => {
  await signUpVerified(t, 'busy@example.com', 'customer', 'a long enough password');
  await t.deps.db.delete(rateLimits);
  // Another sign-in's hash holds the only slot, and no check may queue behind it.
  const other = t.deps.hasher.hash('someone else signing up');
  const refused = await t.post('/api/v1/auth/login', {
    email: 'busy@example.com',
    password: 'a long enough password',
  });
  expect(refused.status).toBe(503);
  expect(refused.headers.get('content-type')).toContain('application/problem+json');
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(refused.body).toMatchObject({ status: 503, type: 'https://consign.example/problems/busy' });
  // Refused before counting: nobody's failure limit moved.
  expect(await t.deps.db.select().from(rateLimits)).toEqual([]);
  await other;
  const signedIn = await t.post('/api/v1/auth/login', {
    email: 'busy@example.com',
    password: 'a long enough password',
  });
  expect(signedIn.status).toBe(200);
});
