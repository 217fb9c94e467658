import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { PasswordHasher } from '../../lib/password';
import { createTestApp, latestCode, signUpVerified, type TestApp } from '../../test/harness';
import { LIMITS, REFRESH_REUSE_GRACE_MS } from './auth.service';

let t: TestApp;
const newApp = async (overrides?: Parameters<typeof createTestApp>[1]) => {
  t = await createTestApp({}, overrides);
  // Rate limits use fixed windows: start every test at the top of one so none straddles two.
  const start = new Date('2030-01-07T09:00:00Z');
  t.deps.now = () => start;
};
beforeEach(() => newApp());
afterEach(() => t.close());

const moveClock = (ms: number) => {
  const base = t.deps.now().getTime();
  t.deps.now = () => new Date(base + ms);
};

/** Issue 51, item 10c: a wrong code is explained in people's words, never "Invalid OTP". */
const WRONG_CODE = 'That code is wrong or has expired';

describe('sign-up and email verification', () => {
  it('creates an account, mails a 6-digit code and signs in on verification', async () => {
    const res = await t.post('/api/v1/auth/signup', { email: 'New@Example.com', password: 'password-123' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      email: 'new@example.com',
      registration: expect.stringMatching(/^[\w-]{32,}$/),
    });
    const code = await latestCode(t, 'new@example.com');
    expect(code).toMatch(/^\d{6}$/);

    const verified = await t.post('/api/v1/auth/verify-email', {
      email: 'new@example.com',
      code,
      registration: res.body.registration,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({
      email: 'new@example.com',
      role: 'customer',
      emailVerified: true,
    });
    expect(verified.body.expiresIn).toBe(900);
    expect(verified.headers.get('set-cookie')).toMatch(/consign_refresh=.*HttpOnly.*SameSite=Strict/i);

    const me = await t.get('/api/v1/users/me', t.bearer(verified.body.accessToken));
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('new@example.com');
    const mail = await t.get('/api/v1/dev/mailbox?to=new@example.com');
    expect(mail.body.items.map((m: { subject: string }) => m.subject)).toContain('Welcome to Consign');
  });

  it.each([
    ['no top-level domain', 'someone@localhost', 'email'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@example.com`, 'email'],
    ['over 254 characters', `a@${'b'.repeat(250)}.com`, 'email'],
    ['not an email', 'not-an-email', 'email'],
  ])('rejects an email with %s', async (_label, email, field) => {
    const res = await t.post('/api/v1/auth/signup', { email, password: 'password-123' });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
  });

  it('accepts a 64-character local part and rejects passwords outside 8 to 128 characters', async () => {
    expect(
      (
        await t.post('/api/v1/auth/signup', {
          email: `${'a'.repeat(64)}@example.com`,
          password: 'password-123',
        })
      ).status,
    ).toBe(201);
    const short = await t.post('/api/v1/auth/signup', { email: 'short@example.com', password: 'seven77' });
    expect(short.status).toBe(422);
    expect(short.body.errors).toContainEqual({
      path: 'password',
      message: 'Password must be at least 8 characters',
    });
    const long = await t.post('/api/v1/auth/signup', {
      email: 'long@example.com',
      password: 'x'.repeat(129),
    });
    expect(long.status).toBe(422);
  });

  it('rejects unknown fields and a role of admin', async () => {
    const extra = await t.post('/api/v1/auth/signup', {
      email: 'a@example.com',
      password: 'password-123',
      isAdmin: true,
    });
    expect(extra.status).toBe(422);
    expect(extra.body.errors[0].message).toMatch(/Unknown field/);
    const admin = await t.post('/api/v1/auth/signup', {
      email: 'a@example.com',
      password: 'password-123',
      role: 'admin',
    });
    expect(admin.status).toBe(422);
    expect(admin.body.errors[0].path).toBe('role');
  });

  it('answers a verified email exactly like a new one and mails its owner instead', async () => {
    const owner = await signUpVerified(t, 'taken@example.com', 'customer', 'owners-password');
    const res = await t.post('/api/v1/auth/signup', {
      email: 'taken@example.com',
      password: 'password-123',
      role: 'vendor',
    });
    const fresh = await t.post('/api/v1/auth/signup', { email: 'new@example.com', password: 'password-123' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email: 'taken@example.com', registration: expect.any(String) });
    expect(fresh.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(Object.keys(fresh.body));
    // The handle of an existing account has the same form, and belongs to nothing.
    expect(res.body.registration).toMatch(new RegExp(`^[\\w-]{${fresh.body.registration.length}}$`));
    const resend = await t.post('/api/v1/auth/resend-otp', {
      email: 'taken@example.com',
      registration: res.body.registration,
    });
    expect(resend.status).toBe(202);
    const mail = (await t.get('/api/v1/dev/mailbox?to=taken@example.com')).body.items[0];
    expect(mail.subject).toBe('You already have a Consign account');
    expect(mail.text).toContain('http://localhost:3000/forgot-password');
    const me = await t.get('/api/v1/users/me', t.bearer(owner.accessToken));
    expect(me.body.role).toBe('customer');
    expect(
      (await t.post('/api/v1/auth/login', { email: 'taken@example.com', password: 'password-123' })).status,
    ).toBe(401);
  });

  it('pre-hijack: an attacker signs up first and never verifies; the owner verifies with their own code and only their password works', async () => {
    await t.post('/api/v1/auth/signup', {
      email: 'victim@example.com',
      password: 'attackers-password',
      name: 'Attacker',
      role: 'vendor',
    });
    moveClock(5 * 60_000);
    const owner = await t.post('/api/v1/auth/signup', {
      email: 'victim@example.com',
      password: 'victims-password',
      name: 'Victim',
    });
    expect(owner.status).toBe(201);
    const registration = owner.body.registration;
    // The owner's inbox holds two codes; they enter the one from their own sign-up (the newest).
    const mails = (await t.get('/api/v1/dev/mailbox?to=victim@example.com')).body.items;
    const codes = mails.filter((m: { subject: string }) => /verification code/.test(m.subject));
    expect(codes).toHaveLength(2);
    expect(codes.map((m: { text: string }) => m.text).join()).not.toMatch(/first sign-up/);
    const verified = await t.post('/api/v1/auth/verify-email', {
      email: 'victim@example.com',
      code: await latestCode(t, 'victim@example.com'),
      registration,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ name: 'Victim', role: 'customer', emailVerified: true });
    expect(
      (await t.post('/api/v1/auth/login', { email: 'victim@example.com', password: 'attackers-password' }))
        .status,
    ).toBe(401);
    const me = await t.post('/api/v1/auth/login', {
      email: 'victim@example.com',
      password: 'victims-password',
    });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ name: 'Victim', role: 'customer' });
    // Every other sign-up for the address is gone, so its code can never activate anything.
    expect(await t.deps.db.query.pendingRegistrations.findMany()).toHaveLength(0);
  });

  // Issue 44, finding 2: exactly the reported sequence. The owner signs up; an attacker signs up
  // on the same address a moment later with their own password; the owner presses "Resend code"
  // and types the newest code in their inbox (which was the attacker's sign-up's).
  it('pre-hijack through the newest code: the owner types the code of the attacker’s later sign-up and is told to use their own', async () => {
    const owner = await t.post('/api/v1/auth/signup', {
      email: 'owner@example.com',
      password: 'owners-password',
      name: 'Owner',
    });
    const ownerCode = await latestCode(t, 'owner@example.com');
    moveClock(30_000);
    const attacker = await t.post('/api/v1/auth/signup', {
      email: 'owner@example.com',
      password: 'attackers-password',
      name: 'Attacker',
    });
    expect(attacker.status).toBe(201);
    const attackersCode = await latestCode(t, 'owner@example.com');
    expect(attackersCode).not.toBe(ownerCode);
    moveClock(61_000);
    // Resend mails a fresh code for the owner's sign-up only (before: for the newest, the attacker's).
    expect(
      (
        await t.post('/api/v1/auth/resend-otp', {
          email: 'owner@example.com',
          registration: owner.body.registration,
        })
      ).status,
    ).toBe(202);
    const resent = await latestCode(t, 'owner@example.com');
    const refused = await t.post('/api/v1/auth/verify-email', {
      email: 'owner@example.com',
      code: attackersCode,
      registration: owner.body.registration,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('code_for_other_signup');
    expect(refused.body.detail).toMatch(
      /another sign-up of this email address.*Use the code from the email sent for this sign-up/,
    );
    expect(
      await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'owner@example.com') }),
    ).toBeUndefined();
    // The owner's own (resent) code makes the account, with the owner's password.
    const verified = await t.post('/api/v1/auth/verify-email', {
      email: 'owner@example.com',
      code: resent,
      registration: owner.body.registration,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ name: 'Owner' });
    expect(
      (await t.post('/api/v1/auth/login', { email: 'owner@example.com', password: 'attackers-password' }))
        .status,
    ).toBe(401);
    expect(
      (await t.post('/api/v1/auth/login', { email: 'owner@example.com', password: 'owners-password' }))
        .status,
    ).toBe(200);
    // And the attacker's own code, on the attacker's own handle, is spent with the rest.
    expect(
      (
        await t.post('/api/v1/auth/verify-email', {
          email: 'owner@example.com',
          code: attackersCode,
          registration: attacker.body.registration,
        })
      ).status,
    ).toBe(400);
  });

  it('a later sign-up by someone else does not change what the owner code activates', async () => {
    const { registration } = (
      await t.post('/api/v1/auth/signup', {
        email: 'victim@example.com',
        password: 'victims-password',
        name: 'Victim',
      })
    ).body;
    const victimsCode = await latestCode(t, 'victim@example.com');
    for (const wait of [0, 61_000]) {
      moveClock(wait);
      const again = await t.post('/api/v1/auth/signup', {
        email: 'victim@example.com',
        password: 'attackers-password',
        name: 'Attacker',
        role: 'vendor',
      });
      expect(again.status).toBe(201);
    }
    const verified = await t.post('/api/v1/auth/verify-email', {
      email: 'victim@example.com',
      code: victimsCode,
      registration,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ name: 'Victim', role: 'customer' });
    expect(
      (await t.post('/api/v1/auth/login', { email: 'victim@example.com', password: 'attackers-password' }))
        .status,
    ).toBe(401);
    expect(
      (await t.post('/api/v1/auth/login', { email: 'victim@example.com', password: 'victims-password' }))
        .status,
    ).toBe(200);
  });

  it('forgets a sign-up nobody verified after a day', async () => {
    const { registration } = (
      await t.post('/api/v1/auth/signup', { email: 'late@example.com', password: 'password-123' })
    ).body;
    moveClock(24 * 60 * 60_000 + 1);
    const login = await t.post('/api/v1/auth/login', { email: 'late@example.com', password: 'password-123' });
    expect(login.status).toBe(401);
    const resend = await t.post('/api/v1/auth/resend-otp', { email: 'late@example.com', registration });
    expect(resend.status).toBe(202);
    const mails = (await t.get('/api/v1/dev/mailbox?to=late@example.com')).body.items;
    expect(mails).toHaveLength(1);
  });

  it('limits sign-ups per email and per address', async () => {
    for (let i = 0; i < 5; i++) {
      moveClock(i * 61_000);
      expect(
        (await t.post('/api/v1/auth/signup', { email: 'many@example.com', password: 'password-123' })).status,
      ).toBe(201);
    }
    const sixth = await t.post('/api/v1/auth/signup', {
      email: 'many@example.com',
      password: 'password-123',
    });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    // Six hits so far from this address (the refused one counts); 14 more reach its limit of 20.
    for (let i = 0; i < 14; i++) {
      expect(
        (await t.post('/api/v1/auth/signup', { email: `spray${i}@example.com`, password: 'password-123' }))
          .status,
      ).toBe(201);
    }
    expect(
      (await t.post('/api/v1/auth/signup', { email: 'spray-last@example.com', password: 'password-123' }))
        .status,
    ).toBe(429);
  });

  it('answers 400 in plain words for a wrong code and locks the code after the fifth wrong try', async () => {
    const { registration } = (
      await t.post('/api/v1/auth/signup', { email: 'otp@example.com', password: 'password-123' })
    ).body;
    const code = await latestCode(t, 'otp@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.post('/api/v1/auth/verify-email', {
        email: 'otp@example.com',
        code: wrong,
        registration,
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(WRONG_CODE);
    }
    const right = await t.post('/api/v1/auth/verify-email', { email: 'otp@example.com', code, registration });
    expect(right.status).toBe(400);
    expect(right.body.detail).toBe(WRONG_CODE);
  });

  it('accepts the right code after four wrong tries', async () => {
    const { registration } = (
      await t.post('/api/v1/auth/signup', { email: 'four@example.com', password: 'password-123' })
    ).body;
    const code = await latestCode(t, 'four@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      await t.post('/api/v1/auth/verify-email', { email: 'four@example.com', code: wrong, registration });
    expect(
      (await t.post('/api/v1/auth/verify-email', { email: 'four@example.com', code, registration })).status,
    ).toBe(200);
  });

  it('rejects an expired code (after 10 minutes) and a code used twice', async () => {
    const late1 = (
      await t.post('/api/v1/auth/signup', { email: 'late@example.com', password: 'password-123' })
    ).body.registration;
    const code = await latestCode(t, 'late@example.com');
    moveClock(10 * 60 * 1000 + 1);
    const late = await t.post('/api/v1/auth/verify-email', {
      email: 'late@example.com',
      code,
      registration: late1,
    });
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe(WRONG_CODE);

    const twice = (
      await t.post('/api/v1/auth/signup', { email: 'twice@example.com', password: 'password-123' })
    ).body.registration;
    const c2 = await latestCode(t, 'twice@example.com');
    const again = { email: 'twice@example.com', code: c2, registration: twice };
    expect((await t.post('/api/v1/auth/verify-email', again)).status).toBe(200);
    expect((await t.post('/api/v1/auth/verify-email', again)).status).toBe(400);
  });

  it('creates a pending vendor business when a vendor verifies', async () => {
    const session = await signUpVerified(t, 'shop@example.com', 'vendor');
    expect(session.user.role).toBe('vendor');
    const vendor = await t.deps.db.query.vendors.findFirst({
      where: (v, { eq }) => eq(v.ownerId, session.user.id),
    });
    expect(vendor?.status).toBe('pending');
  });
});

describe('resend-otp', () => {
  const codeMails = async (email: string) =>
    (await t.get(`/api/v1/dev/mailbox?to=${email}`)).body.items.filter((m: { subject: string }) =>
      /verification code/.test(m.subject),
    ).length;

  // Issue 44, finding 8: the limits hold silently, so the answer never tells a pending sign-up apart.
  it('sends at most one code a minute and five an hour, answering 202 every time', async () => {
    const { registration } = (
      await t.post('/api/v1/auth/signup', { email: 'slow@example.com', password: 'password-123' })
    ).body;
    const resend = () => t.post('/api/v1/auth/resend-otp', { email: 'slow@example.com', registration });
    const tooSoon = await resend();
    expect(tooSoon.status).toBe(202);
    expect(tooSoon.headers.get('retry-after')).toBeNull();
    expect(await codeMails('slow@example.com')).toBe(1);
    for (let i = 1; i <= 4; i++) {
      moveClock(i * 61_000);
      expect((await resend()).status).toBe(202);
    }
    expect(await codeMails('slow@example.com')).toBe(5);
    moveClock(5 * 61_000);
    expect((await resend()).status).toBe(202);
    expect(await codeMails('slow@example.com')).toBe(5);
    moveClock(61 * 60_000 + 1);
    expect((await resend()).status).toBe(202);
    expect(await codeMails('slow@example.com')).toBe(6);
  });

  it('answers 202 for an unknown email or handle, or an existing account, without sending anything', async () => {
    await signUpVerified(t, 'taken@example.com');
    const before = (await t.get('/api/v1/dev/mailbox?to=taken@example.com')).body.items.length;
    const taken = await t.post('/api/v1/auth/resend-otp', {
      email: 'taken@example.com',
      registration: 'x'.repeat(43),
    });
    expect(taken.status).toBe(202);
    expect((await t.get('/api/v1/dev/mailbox?to=taken@example.com')).body.items).toHaveLength(before);
    const ghost = await t.post('/api/v1/auth/resend-otp', {
      email: 'ghost@example.com',
      registration: 'x'.repeat(43),
    });
    expect(ghost.status).toBe(202);
    expect((await t.get('/api/v1/dev/mailbox?to=ghost@example.com')).body.items).toHaveLength(0);
    await t.post('/api/v1/auth/signup', { email: 'real@example.com', password: 'password-123' });
    moveClock(61_000);
    const wrongHandle = await t.post('/api/v1/auth/resend-otp', {
      email: 'real@example.com',
      registration: 'x'.repeat(43),
    });
    expect(wrongHandle.status).toBe(202);
    expect(await codeMails('real@example.com')).toBe(1);
  });
});

describe('login', () => {
  it('signs in with the right password and answers the same 401 for unknown email and wrong password', async () => {
    await signUpVerified(t, 'login@example.com', 'customer', 'right-password');
    const ok = await t.post('/api/v1/auth/login', { email: 'LOGIN@example.com', password: 'right-password' });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken', 'user']);
    expect(ok.body.user).toEqual({
      id: expect.any(String),
      email: 'login@example.com',
      name: null,
      role: 'customer',
      emailVerified: true,
    });

    const wrong = await t.post('/api/v1/auth/login', {
      email: 'login@example.com',
      password: 'wrong-password',
    });
    const unknown = await t.post('/api/v1/auth/login', {
      email: 'nobody@example.com',
      password: 'wrong-password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.detail).toBe('Invalid credentials');
    expect(unknown.body).toEqual({ ...wrong.body, instance: unknown.body.instance });
  });

  it('spends about the same time on an unknown email as on a wrong password', async () => {
    // A hash that outweighs a request's own work (N=2^14, some 50 ms), or the ratio below would
    // hold even without the dummy hash: the suite's millisecond hash is lost in the rest.
    t.close();
    await newApp({ hasher: new PasswordHasher(4, { N: 2 ** 14, r: 8, p: 1 }) });
    await signUpVerified(t, 'timing@example.com', 'customer', 'right-password');
    const verify = vi.spyOn(t.deps.hasher, 'verify');
    const time = async (email: string) => {
      const start = performance.now();
      await t.post('/api/v1/auth/login', { email, password: 'wrong-password' });
      return performance.now() - start;
    };
    await time('timing@example.com'); // warm up
    // Interleaved pairs (four: the account's own lock allows five failures from one address).
    const ratios: number[] = [];
    for (let i = 0; i < 4; i++) {
      const known = await time('timing@example.com');
      ratios.push((await time(`ghost${i}@example.com`)) / known);
    }
    // Both run one scrypt of the same cost: without the dummy hash the unknown email would answer
    // far faster.
    expect(verify).toHaveBeenCalledTimes(9);
    expect(new Set(verify.mock.calls.map(([, stored]) => stored.split('$', 4).join('$')))).toEqual(
      new Set(['scrypt$16384$8$1']),
    );
    // The middle of the pairs, so that one turn lost to other work on a busy machine decides nothing.
    const [, low, high] = ratios.sort((a, b) => a - b);
    expect((low! + high!) / 2).toBeGreaterThan(0.5);
    expect((low! + high!) / 2).toBeLessThan(2);
  });

  it('answers 403 email_unverified and mails a fresh code for an unverified account', async () => {
    await t.post('/api/v1/auth/signup', { email: 'unverified@example.com', password: 'password-123' });
    moveClock(61_000);
    const res = await t.post('/api/v1/auth/login', {
      email: 'unverified@example.com',
      password: 'password-123',
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('email_unverified');
    const mails = (await t.get('/api/v1/dev/mailbox?to=unverified@example.com')).body.items;
    expect(mails.filter((m: { subject: string }) => /verification code/.test(m.subject))).toHaveLength(2);
    const code = await latestCode(t, 'unverified@example.com');
    // The password proves the sign-up is the caller's: the answer hands over its handle.
    expect(res.body.registration).toEqual(expect.any(String));
    expect(
      (
        await t.post('/api/v1/auth/verify-email', {
          email: 'unverified@example.com',
          code,
          registration: res.body.registration,
        })
      ).status,
    ).toBe(200);
  });

  it('throttles repeated failures for one account with 429 and Retry-After', async () => {
    await signUpVerified(t, 'locked@example.com', 'customer', 'right-password');
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.post('/api/v1/auth/login', { email: 'locked@example.com', password: `nope-${i}` })).status,
      ).toBe(401);
    }
    const blocked = await t.post('/api/v1/auth/login', {
      email: 'locked@example.com',
      password: 'right-password',
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    moveClock(15 * 60 * 1000 + 1);
    expect(
      (await t.post('/api/v1/auth/login', { email: 'locked@example.com', password: 'right-password' }))
        .status,
    ).toBe(200);
  });

  it('throttles repeated failures from one address across accounts', async () => {
    for (let i = 0; i < 20; i++) {
      expect(
        (await t.post('/api/v1/auth/login', { email: `spray${i}@example.com`, password: 'guess-1234' }))
          .status,
      ).toBe(401);
    }
    const res = await t.post('/api/v1/auth/login', {
      email: 'spray-last@example.com',
      password: 'guess-1234',
    });
    expect(res.status).toBe(429);
  });
});

describe('lock-out that cannot be used against the owner', () => {
  it('locks an account at the guessing address only: the owner at another address signs in, and is told once', async () => {
    const p = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const start = new Date('2030-01-07T09:00:00Z');
      p.deps.now = () => start;
      await signUpVerified(p, 'owner@example.com', 'customer', 'owners-password');
      const from = (ip: string) => ({ 'X-Forwarded-For': ip });
      const login = (password: string, ip: string) =>
        p.post('/api/v1/auth/login', { email: 'owner@example.com', password }, from(ip));
      for (let i = 0; i < 5; i++) expect((await login(`wrong-${i}`, '203.0.113.7')).status).toBe(401);
      expect((await login('owners-password', '203.0.113.7')).status).toBe(429);
      expect((await login('owners-password', '198.51.100.20')).status).toBe(200);
      // Guessing from many addresses: the owner hears of it once per burst, not once per try.
      for (let i = 0; i < 12; i++) await login(`spray-${i}`, `192.0.2.${i + 1}`);
      const mails = (await p.get('/api/v1/dev/mailbox?to=owner@example.com')).body.items;
      expect(mails.filter((m: { subject: string }) => /failed sign-ins/i.test(m.subject))).toHaveLength(1);
      expect((await login('owners-password', '198.51.100.20')).status).toBe(200);
    } finally {
      p.close();
    }
  });

  it('holds back the account everywhere for a few minutes only after many failures from many addresses', async () => {
    const p = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const start = new Date('2030-01-07T09:00:00Z');
      p.deps.now = () => start;
      await signUpVerified(p, 'popular@example.com', 'customer', 'owners-password');
      const login = (password: string, ip: string) =>
        p.post('/api/v1/auth/login', { email: 'popular@example.com', password }, { 'X-Forwarded-For': ip });
      for (let i = 0; i < LIMITS.loginFailuresPerAccount.max; i++) {
        await login('wrong-password', `192.0.2.${(i % 200) + 1}`);
      }
      const held = await login('owners-password', '198.51.100.20');
      expect(held.status).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeLessThanOrEqual(5 * 60);
      p.deps.now = () => new Date(start.getTime() + 5 * 60_000 + 1);
      expect((await login('owners-password', '198.51.100.20')).status).toBe(200);
    } finally {
      p.close();
    }
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token; the old one stops working and its reuse revokes the family', async () => {
    const session = await signUpVerified(t, 'rotate@example.com');
    const first = await t.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(session.refreshToken);

    moveClock(REFRESH_REUSE_GRACE_MS + 1);
    const reuse = await t.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('refresh_token_reused');
    // the token issued by the legitimate rotation is revoked with the family
    const after = await t.post('/api/v1/auth/refresh', { refreshToken: first.body.refreshToken });
    expect(after.status).toBe(401);
  });

  it('lets two tabs refresh with the same token at the same moment without signing out', async () => {
    const session = await signUpVerified(t, 'tabs@example.com');
    const [a, b] = await Promise.all([
      t.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken }),
      t.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refreshToken).not.toBe(b.body.refreshToken);
    // Both successors keep working; the sign-in is intact.
    expect((await t.post('/api/v1/auth/refresh', { refreshToken: a.body.refreshToken })).status).toBe(200);
    expect((await t.post('/api/v1/auth/refresh', { refreshToken: b.body.refreshToken })).status).toBe(200);
  });

  it('reads the refresh token from the httpOnly cookie when the body has none', async () => {
    const session = await signUpVerified(t, 'cookie@example.com');
    const res = await t.app.request('/api/v1/auth/refresh', {
      method: 'POST',
      headers: { Cookie: `consign_refresh=${session.refreshToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/consign_refresh=/);
  });

  it('answers 204 with no body when no refresh token is sent at all (a signed-out page load)', async () => {
    const res = await t.app.request('/api/v1/auth/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('set-cookie')).toBeNull();
    // A token that is sent but unknown is still refused.
    expect((await t.post('/api/v1/auth/refresh', { refreshToken: 'made-up' })).status).toBe(401);
  });

  it('logs out: 204 and the refresh token is revoked', async () => {
    const session = await signUpVerified(t, 'bye@example.com');
    expect((await t.post('/api/v1/auth/logout', { refreshToken: session.refreshToken })).status).toBe(204);
    expect((await t.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
  });

  it('rejects an unknown refresh token', async () => {
    expect((await t.post('/api/v1/auth/refresh', { refreshToken: 'made-up' })).status).toBe(401);
    // No token at all is not a refused one: 204, no session (see above).
    expect((await t.post('/api/v1/auth/refresh', {})).status).toBe(204);
  });
});

describe('password reset', () => {
  const resetLink = async (email: string) => {
    const mail = (await t.get(`/api/v1/dev/mailbox?to=${email}`)).body.items.find((m: { subject: string }) =>
      /Reset/.test(m.subject),
    );
    // The harness's requests arrive on PUBLIC_URL (no Origin header), so the link does too.
    return mail.text.match(/http:\/\/localhost:3000\/reset\/([\w-]+)/)?.[1] as string;
  };

  // Issue 44, finding 10: a disabled account's password never changes, and it is mailed no link.
  it('changes nothing and sends nothing for a disabled account', async () => {
    const { user } = await signUpVerified(t, 'off@example.com', 'customer', 'first-password-1');
    await t.post('/api/v1/auth/password-reset', { email: 'off@example.com' });
    const token = await resetLink('off@example.com');
    await t.deps.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    const before = await t.deps.db.query.users.findFirst({ where: eq(users.id, user.id) });
    for (const path of ['/api/v1/auth/set-password', '/api/v1/auth/password-reset/confirm']) {
      const res = await t.post(path, { token, password: 'second-password-2' });
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe('account_disabled');
    }
    const after = await t.deps.db.query.users.findFirst({ where: eq(users.id, user.id) });
    expect(after!.passwordHash).toBe(before!.passwordHash);
    const mails = async () => (await t.get('/api/v1/dev/mailbox?to=off@example.com')).body.items.length;
    const count = await mails();
    expect((await t.post('/api/v1/auth/password-reset', { email: 'off@example.com' })).status).toBe(202);
    expect(await mails()).toBe(count);
  });

  it('mails a reset link on PUBLIC_URL, never on a foreign Origin or Host header', async () => {
    await signUpVerified(t, 'poison@example.com');
    const links = async () =>
      (await t.get('/api/v1/dev/mailbox?to=poison@example.com')).body.items
        .filter((m: { subject: string }) => /Reset/.test(m.subject))
        .map((m: { text: string }) => m.text.match(/https?:\/\/[^\s/]+\/reset\//)?.[0]);
    await t.post(
      '/api/v1/auth/password-reset',
      { email: 'poison@example.com' },
      { Origin: 'https://evil.example' },
    );
    expect(await links()).toEqual(['http://localhost:3000/reset/']);
    await t.post('http://evil.example/api/v1/auth/password-reset', { email: 'poison@example.com' });
    expect(await links()).toEqual(['http://localhost:3000/reset/', 'http://localhost:3000/reset/']);
    // This machine, on any port, is still followed: the cookie belongs to the host name in use.
    await t.post(
      '/api/v1/auth/password-reset',
      { email: 'poison@example.com' },
      { Origin: 'http://127.0.0.1:5173' },
    );
    expect(await links()).toContain('http://127.0.0.1:5173/reset/');
  });

  it('answers 202 whatever the email and mails a link only to real accounts', async () => {
    expect((await t.post('/api/v1/auth/password-reset', { email: 'ghost@example.com' })).status).toBe(202);
    expect((await t.get('/api/v1/dev/mailbox?to=ghost@example.com')).body.items).toHaveLength(0);
  });

  it('sets a new password with a single-use link and revokes every session', async () => {
    const session = await signUpVerified(t, 'forgot@example.com', 'customer', 'old-password');
    expect((await t.post('/api/v1/auth/password-reset', { email: 'forgot@example.com' })).status).toBe(202);
    const token = await resetLink('forgot@example.com');
    expect(token).toBeTruthy();
    expect(
      (await t.post('/api/v1/auth/password-reset/confirm', { token, password: 'new-password' })).status,
    ).toBe(204);
    expect((await t.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
    expect(
      (await t.post('/api/v1/auth/login', { email: 'forgot@example.com', password: 'old-password' })).status,
    ).toBe(401);
    expect(
      (await t.post('/api/v1/auth/login', { email: 'forgot@example.com', password: 'new-password' })).status,
    ).toBe(200);
    const again = await t.post('/api/v1/auth/password-reset/confirm', { token, password: 'another-one' });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('This reset link is invalid or has expired');
  });

  it('ends every other reset link of the account once one is used', async () => {
    await signUpVerified(t, 'twolinks@example.com', 'customer', 'old-password');
    await t.post('/api/v1/auth/password-reset', { email: 'twolinks@example.com' });
    const first = await resetLink('twolinks@example.com');
    await t.post('/api/v1/auth/password-reset', { email: 'twolinks@example.com' });
    const second = await resetLink('twolinks@example.com');
    expect(second).not.toBe(first);
    expect(
      (await t.post('/api/v1/auth/password-reset/confirm', { token: second, password: 'new-password' }))
        .status,
    ).toBe(204);
    const stale = await t.post('/api/v1/auth/password-reset/confirm', {
      token: first,
      password: 'other-password',
    });
    expect(stale.status).toBe(400);
    expect(
      (await t.post('/api/v1/auth/login', { email: 'twolinks@example.com', password: 'new-password' }))
        .status,
    ).toBe(200);
  });

  it('answers existing and unknown emails alike, before any mail is sent', async () => {
    await signUpVerified(t, 'known@example.com');
    // Hold every mail until released: the answer must not wait for it.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const send = t.deps.mailer.send.bind(t.deps.mailer);
    t.deps.mailer.send = async (message) => {
      await gate;
      return send(message);
    };
    const ask = (email: string) =>
      t.app.request('/api/v1/auth/password-reset', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    const known = await ask('known@example.com');
    const unknown = await ask('unknown@example.com');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.text()).toBe(await unknown.text());
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    const signupKnown = await t.app.request('/api/v1/auth/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'known@example.com', password: 'password-123' }),
    });
    expect(signupKnown.status).toBe(201);
    release();
    await t.deps.background.idle();
    const mails = (await t.get('/api/v1/dev/mailbox?to=known@example.com')).body.items;
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual(
      expect.arrayContaining(['Reset your Consign password', 'You already have a Consign account']),
    );
  });

  it('rejects a link older than 30 minutes', async () => {
    await signUpVerified(t, 'slowreset@example.com');
    await t.post('/api/v1/auth/password-reset', { email: 'slowreset@example.com' });
    const token = await resetLink('slowreset@example.com');
    moveClock(30 * 60 * 1000 + 1);
    expect(
      (await t.post('/api/v1/auth/password-reset/confirm', { token, password: 'new-password' })).status,
    ).toBe(400);
  });
});

describe('access tokens', () => {
  it('needs a valid bearer token on protected routes', async () => {
    expect((await t.get('/api/v1/users/me')).status).toBe(401);
    const bad = await t.get('/api/v1/users/me', t.bearer('not.a.jwt'));
    expect(bad.status).toBe(401);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
  });

  it('rejects an expired access token (15 minutes)', async () => {
    const session = await signUpVerified(t, 'expire@example.com');
    const { SignJWT } = await import('jose');
    const key = new TextEncoder().encode(t.deps.config.jwtSecret);
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ role: 'customer', email: 'expire@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.user.id)
      .setIssuer('consign')
      .setAudience('consign-api')
      .setIssuedAt(past)
      .setExpirationTime(past + 900)
      .sign(key);
    const res = await t.get('/api/v1/users/me', t.bearer(expired));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_expired');
  });

  it('rejects a token with another audience or issuer, or alg none', async () => {
    const session = await signUpVerified(t, 'claims@example.com');
    const { SignJWT, UnsecuredJWT } = await import('jose');
    const key = new TextEncoder().encode(t.deps.config.jwtSecret);
    const sign = (iss: string, aud: string) =>
      new SignJWT({ role: 'admin', email: 'claims@example.com' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(session.user.id)
        .setIssuer(iss)
        .setAudience(aud)
        .setExpirationTime('5m')
        .sign(key);
    expect((await t.get('/api/v1/users/me', t.bearer(await sign('consign', 'other')))).status).toBe(401);
    expect((await t.get('/api/v1/users/me', t.bearer(await sign('evil', 'consign-api')))).status).toBe(401);
    const none = new UnsecuredJWT({ role: 'admin' })
      .setSubject(session.user.id)
      .setIssuer('consign')
      .setAudience('consign-api')
      .encode();
    expect((await t.get('/api/v1/users/me', t.bearer(none))).status).toBe(401);
  });

  const forge = async (
    claims: Record<string, unknown>,
    build: (j: import('jose').SignJWT) => import('jose').SignJWT,
  ) => {
    const { SignJWT } = await import('jose');
    const key = new TextEncoder().encode(t.deps.config.jwtSecret);
    return build(
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('consign')
        .setAudience('consign-api'),
    ).sign(key);
  };

  it('refuses a signed token without exp, or with iat in the future', async () => {
    const session = await signUpVerified(t, 'forged@example.com');
    const sid = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()).sid;
    const claims = { role: 'customer', email: 'forged@example.com', sid };
    const good = await forge(claims, (j) =>
      j.setSubject(session.user.id).setIssuedAt().setExpirationTime('5m'),
    );
    expect((await t.get('/api/v1/users/me', t.bearer(good))).status).toBe(200);
    const noExp = await forge(claims, (j) => j.setSubject(session.user.id).setIssuedAt());
    expect((await t.get('/api/v1/users/me', t.bearer(noExp))).status).toBe(401);
    const future = Math.floor(Date.now() / 1000) + 3600;
    const fromTheFuture = await forge(claims, (j) =>
      j
        .setSubject(session.user.id)
        .setIssuedAt(future)
        .setExpirationTime(future + 600),
    );
    expect((await t.get('/api/v1/users/me', t.bearer(fromTheFuture))).status).toBe(401);
  });

  it('ends access at once when the session signs out or its refresh family is revoked', async () => {
    const session = await signUpVerified(t, 'leaving@example.com');
    expect((await t.get('/api/v1/users/me', t.bearer(session.accessToken))).status).toBe(200);
    const other = await t.post('/api/v1/auth/login', {
      email: 'leaving@example.com',
      password: 'correct-horse-1',
    });
    expect((await t.post('/api/v1/auth/logout', { refreshToken: session.refreshToken })).status).toBe(204);
    expect((await t.get('/api/v1/users/me', t.bearer(session.accessToken))).status).toBe(401);
    // Another sign-in of the same account is not ended by it.
    expect((await t.get('/api/v1/users/me', t.bearer(other.body.accessToken))).status).toBe(200);
    // A reused refresh token revokes its family: that sign-in's access token stops at once too.
    const rotated = await t.post('/api/v1/auth/refresh', { refreshToken: other.body.refreshToken });
    moveClock(REFRESH_REUSE_GRACE_MS + 1);
    expect((await t.post('/api/v1/auth/refresh', { refreshToken: other.body.refreshToken })).status).toBe(
      401,
    );
    expect((await t.get('/api/v1/users/me', t.bearer(rotated.body.accessToken))).status).toBe(401);
  });
});
