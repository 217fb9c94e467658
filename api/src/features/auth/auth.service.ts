import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/client';
import {
  passwordResets,
  pendingRegistrations,
  refreshTokens,
  type UserRole,
  users,
  vendors,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../lib/jwt';
import { linkBase } from '../../lib/origin';
import type { Limit } from '../../lib/rate-limit';
import { opaqueToken, sha256, sixDigitCode } from '../../lib/tokens';
import {
  accountExistsEmail,
  failedSignInsEmail,
  passwordResetEmail,
  verificationCodeEmail,
  welcomeEmail,
} from '../../providers/mail/templates';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESET_TTL_MS = 30 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
export const CODES_PER_HOUR = 5;
/** A sign-up nobody verified is forgotten after a day. */
export const REGISTRATION_TTL_MS = 24 * HOUR_MS;
/** Live sign-ups kept per email (each with its own password); older ones are discarded. */
export const REGISTRATIONS_PER_EMAIL = 5;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Two tabs may refresh with the same token at the same moment. Within this many milliseconds of
 * its rotation, a token's reuse gets a sibling session instead of revoking the sign-in; after
 * it, reuse means the token was copied and the whole family is revoked.
 */
export const REFRESH_REUSE_GRACE_MS = 15 * 1000;

export const LIMITS = {
  /** The lock: one account from one client address. Another address (its owner's) is not held back. */
  loginFailuresPerAccountAddress: { name: 'login-fail-account-ip', max: 5, windowSeconds: 15 * 60 },
  loginFailuresPerAddress: { name: 'login-fail-ip', max: 20, windowSeconds: 15 * 60 },
  /**
   * Across all addresses: a slower, shorter back-off, so guessing from many addresses stays slow
   * without letting anyone keep the owner out for long.
   */
  loginFailuresPerAccount: { name: 'login-fail-account', max: 50, windowSeconds: 5 * 60 },
  codeMailsPerEmail: { name: 'code-mail', max: CODES_PER_HOUR, windowSeconds: 3600 },
  resetPerAccount: { name: 'reset-account', max: 3, windowSeconds: 3600 },
  resetPerAddress: { name: 'reset-ip', max: 10, windowSeconds: 3600 },
  signupPerAccount: { name: 'signup-account', max: 5, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

/** Failures for one account within its back-off window after which its owner is told, once. */
export const FAILED_SIGN_IN_BURST = 10;

type User = typeof users.$inferSelect;
type Registration = typeof pendingRegistrations.$inferSelect;

export type Session = {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  user: { id: string; email: string; name: string | null; role: UserRole; emailVerified: boolean };
};

const INVALID_OTP = 'That code is wrong or has expired';

function safeEqual(a: string, b: string) {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
const INVALID_CREDENTIALS = 'Invalid credentials';

/** Staff disabled the account (admin console); the message says so rather than "wrong password". */
export const accountDisabled = () =>
  new AppError(403, 'This account is disabled. Contact Consign support.', { code: 'account_disabled' });

export class AuthService {
  constructor(private readonly deps: AppDeps) {}

  private get db(): Database {
    return this.deps.db;
  }

  private findUserByEmail(email: string) {
    return this.db.query.users.findFirst({ where: eq(users.email, email) });
  }

  /**
   * Answers alike, after the same scrypt work, whether the email is new, waiting for its code or
   * already verified, and mails after answering: the call cannot tell anyone whether an account
   * exists. A verified account is never changed here. For an unverified email each sign-up is its
   * own pending registration with its own code: the code activates only the registration it was
   * sent for, so a password set by someone who never proved the address never reaches the account.
   *
   * The answer's `registration` is an opaque handle of this sign-up, which verify-email and
   * resend-otp take: a code is checked against the handle's registration only, so the owner who
   * types the code of someone else's later sign-up of their address gets a refusal, not an account
   * with that someone's password. An existing account gets a handle of the same form that
   * belongs to nothing.
   */
  async signup(
    input: { email: string; password: string; role: 'customer' | 'vendor'; name?: string },
    address: string,
  ) {
    const perAddress = this.deps.config.signupLimitPerHour;
    if (perAddress > 0)
      await this.deps.rateLimiter.hit({ name: 'signup-ip', max: perAddress, windowSeconds: 3600 }, address);
    await this.deps.rateLimiter.hit(LIMITS.signupPerAccount, input.email);
    const existing = await this.findUserByEmail(input.email);
    if (existing) {
      await this.deps.hasher.burn(input.password);
      this.deps.background.run('signup-again-mail', () => this.mailExistingAccount(existing));
      return { email: input.email, registration: opaqueToken() };
    }
    const handle = opaqueToken();
    const passwordHash = await this.deps.hasher.hash(input.password);
    const now = this.deps.now();
    const registration = await this.db.transaction(
      async (tx) => {
        const [row] = (await tx
          .insert(pendingRegistrations)
          .values({
            email: input.email,
            handleHash: sha256(handle),
            passwordHash,
            role: input.role,
            name: input.name ?? null,
            expiresAt: new Date(now.getTime() + REGISTRATION_TTL_MS),
            createdAt: now,
          })
          .returning()) as [Registration];
        // Expired sign-ups, and all but the newest few, go: the table stays small.
        const keep = tx
          .select({ id: pendingRegistrations.id })
          .from(pendingRegistrations)
          .where(and(eq(pendingRegistrations.email, input.email), gt(pendingRegistrations.expiresAt, now)))
          .orderBy(desc(pendingRegistrations.createdAt), desc(pendingRegistrations.id))
          .limit(REGISTRATIONS_PER_EMAIL);
        await tx
          .delete(pendingRegistrations)
          .where(
            and(eq(pendingRegistrations.email, input.email), sql`${pendingRegistrations.id} not in ${keep}`),
          );
        return row;
      },
      { behavior: 'immediate' },
    );
    this.deps.background.run('signup-mail', () => this.sendCodeUnlessRecent(registration));
    return { email: input.email, registration: handle };
  }

  /** A sign-up for a verified account: its owner hears of it, with a reset link. */
  private async mailExistingAccount(user: User) {
    await this.deps.mailer.send(
      accountExistsEmail(user.email, `${linkBase(this.deps.config)}/forgot-password`),
    );
  }

  /** Mailed from the background: a code sent within the last minute is still good, so none is added. */
  private async sendCodeUnlessRecent(registration: Registration) {
    try {
      await this.sendCode(registration);
    } catch (err) {
      if (!(err instanceof AppError && err.status === 429)) throw err;
    }
  }

  /**
   * Gives the registration a fresh code (the old one stops working): at most one a minute per
   * registration and five an hour per email.
   */
  private async sendCode(registration: Registration) {
    const now = this.deps.now();
    const sentAt = registration.codeSentAt?.getTime();
    if (sentAt !== undefined && now.getTime() - sentAt < MINUTE_MS) {
      throw AppError.tooManyRequests((sentAt + MINUTE_MS - now.getTime()) / 1000);
    }
    await this.deps.rateLimiter.hit(LIMITS.codeMailsPerEmail, registration.email);
    const code = sixDigitCode();
    await this.db
      .update(pendingRegistrations)
      .set({
        codeHash: sha256(`${registration.id}:${code}`),
        codeAttempts: 0,
        codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
        codeSentAt: now,
      })
      .where(eq(pendingRegistrations.id, registration.id));
    await this.deps.mailer.send(verificationCodeEmail(registration.email, code, registration.createdAt));
  }

  /** The live sign-ups for an email, newest first. */
  private liveRegistrations(email: string) {
    return this.db.query.pendingRegistrations.findMany({
      where: and(eq(pendingRegistrations.email, email), gt(pendingRegistrations.expiresAt, this.deps.now())),
      orderBy: (t, { desc }) => [desc(t.createdAt), desc(t.id)],
      limit: REGISTRATIONS_PER_EMAIL,
    });
  }

  /** The live sign-up of this email that the handle names, if any. */
  private async registrationOf(email: string, handle: string) {
    return this.db.query.pendingRegistrations.findFirst({
      where: and(
        eq(pendingRegistrations.email, email),
        eq(pendingRegistrations.handleHash, sha256(handle)),
        gt(pendingRegistrations.expiresAt, this.deps.now()),
      ),
    });
  }

  /**
   * A fresh code for the handle's sign-up, and for no other. The same answer for every email,
   * handle and pace: the limits (one a minute per sign-up, five an hour per email) hold silently.
   */
  async resendCode(email: string, handle: string) {
    if (await this.findUserByEmail(email)) return;
    const registration = await this.registrationOf(email, handle);
    if (registration) await this.sendCodeUnlessRecent(registration);
  }

  async verifyEmail(email: string, code: string, handle: string): Promise<Session> {
    const invalid = () => AppError.badRequest(INVALID_OTP, 'invalid_otp');
    const now = this.deps.now();
    // Count the try on every live code of the email before comparing, in one statement: of 50
    // parallel guesses only five get a comparison, however many sign-ups are waiting.
    const counted = await this.db
      .update(pendingRegistrations)
      .set({ codeAttempts: sql`${pendingRegistrations.codeAttempts} + 1` })
      .where(
        and(
          eq(pendingRegistrations.email, email),
          gt(pendingRegistrations.expiresAt, now),
          gt(pendingRegistrations.codeExpiresAt, now),
          lt(pendingRegistrations.codeAttempts, CODE_MAX_ATTEMPTS),
        ),
      )
      .returning();
    const handleHash = sha256(handle);
    const own = counted.find((r) => r.handleHash !== null && safeEqual(r.handleHash, handleHash));
    const sentFor = (r: Registration) =>
      r.codeHash !== null && safeEqual(r.codeHash, sha256(`${r.id}:${code}`));
    const match = own && sentFor(own) ? own : undefined;
    if (!match) {
      const spent = counted.filter((r) => r.codeAttempts >= CODE_MAX_ATTEMPTS).map((r) => r.id);
      for (const id of spent) {
        await this.db
          .update(pendingRegistrations)
          .set({ codeExpiresAt: now })
          .where(eq(pendingRegistrations.id, id));
      }
      // The owner typed the code of another sign-up of their address (someone else's, perhaps):
      // say so, so that they use the code of their own sign-up rather than give up.
      if (own && counted.some((r) => r !== own && sentFor(r))) {
        throw AppError.badRequest(
          'This code was sent for another sign-up of this email address, not this one. Use the code from the email sent for this sign-up (it names the time you signed up), or send a new code.',
          'code_for_other_signup',
        );
      }
      throw invalid();
    }
    // Activate exactly this registration; every other sign-up for the address is discarded.
    // Deleting it first means two requests with the same code cannot both get an account.
    const user = await this.db.transaction(
      async (tx) => {
        const claimed = await tx
          .delete(pendingRegistrations)
          .where(
            and(eq(pendingRegistrations.id, match.id), eq(pendingRegistrations.codeHash, match.codeHash!)),
          )
          .returning({ id: pendingRegistrations.id });
        if (claimed.length === 0) return null;
        await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email));
        const [row] = (await tx
          .insert(users)
          .values({
            email,
            passwordHash: match.passwordHash,
            name: match.name,
            role: match.role,
            emailVerified: true,
          })
          .onConflictDoNothing()
          .returning()) as [User | undefined];
        if (row?.role === 'vendor')
          await tx.insert(vendors).values({ ownerId: row.id }).onConflictDoNothing();
        return row ?? null;
      },
      { behavior: 'immediate' },
    );
    if (!user) throw invalid();
    await this.deps.mailer.send(welcomeEmail(user.email, user.name, user.role));
    return this.createSession(user);
  }

  /** The first verification of an account: a vendor gets its pending business record at once. */
  private async markVerified(user: User): Promise<User> {
    if (user.emailVerified) return user;
    const updated = await this.db.transaction(
      async (tx) => {
        const [row] = (await tx
          .update(users)
          .set({ emailVerified: true })
          .where(eq(users.id, user.id))
          .returning()) as [User];
        if (row.role === 'vendor') {
          await tx.insert(vendors).values({ ownerId: row.id }).onConflictDoNothing();
        }
        return row;
      },
      { behavior: 'immediate' },
    );
    await this.deps.mailer.send(welcomeEmail(updated.email, updated.name, updated.role));
    return updated;
  }

  /**
   * Each try is counted before the password is checked, in one atomic upsert per counter, so a
   * burst of parallel guesses (from any number of API processes on one database) gets at most
   * the limit's number of checks. The lock is per account and client address: someone guessing
   * from elsewhere cannot keep the owner out. A right password gives its tries back.
   */
  async login(email: string, password: string, address: string): Promise<Session> {
    // Refused before any try is counted when too many checks already wait for a hashing thread.
    this.deps.hasher.assertNotBusy();
    const limiter = this.deps.rateLimiter;
    await limiter.hit(LIMITS.loginFailuresPerAddress, address);
    await limiter.hit(LIMITS.loginFailuresPerAccountAddress, `${email}|${address}`);
    const accountTries = await limiter.hit(LIMITS.loginFailuresPerAccount, email);
    const user = await this.findUserByEmail(email);
    let ok = false;
    if (user?.passwordHash) ok = await this.deps.hasher.verify(password, user.passwordHash);
    else if (!user) {
      const registration = await this.matchingRegistration(email, password);
      if (registration) {
        await this.giveTriesBack(email, address);
        await this.mailCodeAndAskForIt(registration);
      }
    } else await this.deps.hasher.burn(password);
    if (!user || !ok) {
      if (user && accountTries === FAILED_SIGN_IN_BURST) {
        this.deps.background.run('failed-sign-ins-mail', () =>
          this.deps.mailer.send(
            failedSignInsEmail(user.email, `${linkBase(this.deps.config)}/forgot-password`),
          ),
        );
      }
      throw AppError.unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
    }
    await this.giveTriesBack(email, address);
    return this.createSession(user);
  }

  /** A right password: the pair's failures are forgotten and its try is given back everywhere. */
  private async giveTriesBack(email: string, address: string) {
    const limiter = this.deps.rateLimiter;
    await limiter.reset(LIMITS.loginFailuresPerAccountAddress, `${email}|${address}`);
    await limiter.release(LIMITS.loginFailuresPerAccount, email);
    await limiter.release(LIMITS.loginFailuresPerAddress, address);
  }

  /** The waiting sign-up whose password this is, if any (the same scrypt work either way). */
  private async matchingRegistration(email: string, password: string): Promise<Registration | undefined> {
    const waiting = await this.liveRegistrations(email);
    if (waiting.length === 0) await this.deps.hasher.burn(password);
    for (const registration of waiting) {
      if (await this.deps.hasher.verify(password, registration.passwordHash)) return registration;
    }
    return undefined;
  }

  /**
   * The right password of a sign-up not yet verified: a fresh code for that sign-up, and 403 with
   * a new handle for it (the password proves the caller made it), which the code step needs.
   */
  private async mailCodeAndAskForIt(registration: Registration): Promise<never> {
    const handle = opaqueToken();
    await this.db
      .update(pendingRegistrations)
      .set({ handleHash: sha256(handle) })
      .where(eq(pendingRegistrations.id, registration.id));
    let sent = true;
    try {
      await this.sendCode(registration);
    } catch (err) {
      if (!(err instanceof AppError && err.status === 429)) throw err;
      sent = false; // a code went out moments ago; it is still valid
    }
    throw new AppError(403, 'Please verify your email: we sent you a code', {
      code: 'email_unverified',
      extra: { codeSent: sent, registration: handle },
    });
  }

  async createSession(
    user: User,
    familyId: string = crypto.randomUUID(),
    db: Pick<Database, 'insert'> = this.db,
  ): Promise<Session> {
    // Every way in (password, Google, refresh) ends here, so one check keeps a disabled account out.
    if (user.disabled) throw accountDisabled();
    const refreshToken = opaqueToken();
    const now = this.deps.now();
    await db.insert(refreshTokens).values({
      userId: user.id,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(now.getTime() + REFRESH_TTL_MS),
      createdAt: now,
    });
    const accessToken = await this.deps.tokens.sign({
      sub: user.id,
      role: user.role,
      email: user.email,
      sid: familyId,
    });
    return {
      accessToken,
      refreshToken,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        emailVerified: user.emailVerified,
      },
    };
  }

  /**
   * Claiming the old token and storing the new one happen in one immediate transaction, so two
   * processes cannot both rotate it. A reuse within REFRESH_REUSE_GRACE_MS of the rotation (two
   * tabs at once) gets a sibling in the same family; any later reuse revokes the family.
   */
  async refresh(token: string): Promise<Session> {
    const now = this.deps.now();
    const outcome = await this.db.transaction(
      async (tx) => {
        const row = await tx.query.refreshTokens.findFirst({
          where: eq(refreshTokens.tokenHash, sha256(token)),
        });
        if (!row) return { error: 'invalid' as const };
        if (row.expiresAt <= now) return { error: 'expired' as const };
        const inGrace =
          row.usedAt && !row.revokedAt && now.getTime() - row.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
        if (row.revokedAt || (row.usedAt && !inGrace)) {
          await tx
            .update(refreshTokens)
            .set({ revokedAt: now })
            .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
          return { error: 'reused' as const };
        }
        if (!row.usedAt) {
          await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
        }
        const user = await tx.query.users.findFirst({ where: eq(users.id, row.userId) });
        if (!user) return { error: 'invalid' as const };
        return { session: await this.createSession(user, row.familyId, tx) };
      },
      { behavior: 'immediate' },
    );
    if (outcome.session) return outcome.session;
    if (outcome.error === 'reused')
      throw AppError.unauthorized('Refresh token already used; please sign in again', 'refresh_token_reused');
    if (outcome.error === 'expired')
      throw AppError.unauthorized('Refresh token expired', 'invalid_refresh_token');
    throw AppError.unauthorized('Invalid refresh token', 'invalid_refresh_token');
  }

  private async revokeFamily(familyId: string) {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: this.deps.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  async logout(token: string | undefined) {
    if (!token) return;
    const row = await this.db.query.refreshTokens.findFirst({
      where: eq(refreshTokens.tokenHash, sha256(token)),
    });
    if (row) await this.revokeFamily(row.familyId);
  }

  /**
   * Answers at once and alike for any email; the link (if the account exists) is mailed afterwards.
   * `origin` is where the emailed link points (lib/origin: PUBLIC_URL in production).
   */
  async requestPasswordReset(email: string, address: string, origin = this.deps.config.publicUrl) {
    await this.deps.rateLimiter.hit(LIMITS.resetPerAddress, address);
    await this.deps.rateLimiter.hit(LIMITS.resetPerAccount, email);
    this.deps.background.run('password-reset-mail', async () => {
      const user = await this.findUserByEmail(email);
      // A disabled account gets no link: nothing it could do with one is allowed.
      if (!user || user.disabled) return;
      const token = opaqueToken();
      const now = this.deps.now();
      await this.db.insert(passwordResets).values({
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(now.getTime() + RESET_TTL_MS),
        createdAt: now,
      });
      await this.deps.mailer.send(passwordResetEmail(user.email, `${origin}/reset/${token}`));
    });
  }

  async confirmPasswordReset(token: string, password: string) {
    const now = this.deps.now();
    const invalid = () =>
      AppError.badRequest('This reset link is invalid or has expired', 'invalid_reset_token');
    const row = await this.db.query.passwordResets.findFirst({
      where: eq(passwordResets.tokenHash, sha256(token)),
    });
    if (!row || row.usedAt || row.expiresAt <= now) throw invalid();
    // A disabled account: refused before anything changes (its password, its links, its sessions).
    const owner = await this.db.query.users.findFirst({ where: eq(users.id, row.userId) });
    if (owner?.disabled) throw accountDisabled();
    const passwordHash = await this.deps.hasher.hash(password);
    const user = await this.db.transaction(
      async (tx) => {
        const used = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt)))
          .returning({ id: passwordResets.id });
        if (used.length === 0) throw invalid();
        // One reset ends every other link of the account, however recent.
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
        const [u] = (await tx
          .update(users)
          .set({ passwordHash })
          .where(eq(users.id, row.userId))
          .returning()) as [User];
        // A new password ends every existing sign-in.
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.userId, row.userId), isNull(refreshTokens.revokedAt)));
        return u;
      },
      { behavior: 'immediate' },
    );
    // The link reached the inbox, which is what verification proves.
    await this.markVerified(user);
  }

  async google(idToken: string, role: 'customer' | 'vendor' | undefined): Promise<Session> {
    const verifier = this.deps.google;
    if (!verifier)
      throw new AppError(404, 'Google sign-in is not configured', { code: 'google_not_configured' });
    const identity = await verifier.verify(idToken);
    const bySub = await this.db.query.users.findFirst({ where: eq(users.googleSub, identity.sub) });
    if (bySub) return this.createSession(bySub);
    // Without Google's word that the address is theirs, nobody gets an account for it.
    if (!identity.emailVerified) {
      throw new AppError(403, 'Google has not verified this email address; verify it with Google first', {
        code: 'google_email_unverified',
      });
    }
    // Google's word proves the address: every sign-up waiting for a code on it is discarded.
    await this.db.delete(pendingRegistrations).where(eq(pendingRegistrations.email, identity.email));
    const byEmail = await this.findUserByEmail(identity.email);
    if (byEmail) {
      const [linked] = (await this.db
        .update(users)
        .set({ googleSub: identity.sub, name: byEmail.name ?? identity.name ?? null })
        .where(eq(users.id, byEmail.id))
        .returning()) as [User];
      return this.createSession(await this.markVerified(linked));
    }
    const [created] = (await this.db
      .insert(users)
      .values({
        email: identity.email,
        googleSub: identity.sub,
        name: identity.name ?? null,
        role: role ?? 'customer',
        emailVerified: false,
      })
      .returning()) as [User];
    return this.createSession(await this.markVerified(created));
  }
}
