import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { emailCodes, passwordResets, refreshTokens, type UserRole, users, vendors } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../lib/jwt';
import type { Limit } from '../../lib/rate-limit';
import { opaqueToken, sha256, sixDigitCode } from '../../lib/tokens';
import {
  accountExistsEmail,
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
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Two tabs may refresh with the same token at the same moment. Within this many milliseconds of
 * its rotation, a token's reuse gets a sibling session instead of revoking the sign-in; after
 * it, reuse means the token was copied and the whole family is revoked.
 */
export const REFRESH_REUSE_GRACE_MS = 15 * 1000;

export const LIMITS = {
  loginFailuresPerAccount: { name: 'login-fail-account', max: 5, windowSeconds: 15 * 60 },
  loginFailuresPerAddress: { name: 'login-fail-ip', max: 20, windowSeconds: 15 * 60 },
  resetPerAccount: { name: 'reset-account', max: 3, windowSeconds: 3600 },
  resetPerAddress: { name: 'reset-ip', max: 10, windowSeconds: 3600 },
  signupPerAccount: { name: 'signup-account', max: 5, windowSeconds: 3600 },
  signupPerAddress: { name: 'signup-ip', max: 20, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

type User = typeof users.$inferSelect;

export type Session = {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  user: { id: string; email: string; name: string | null; role: UserRole; emailVerified: boolean };
};

const INVALID_OTP = 'Invalid OTP';

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
   * exists. An existing account is never changed here: its first registration's password, name
   * and role stay, so a second sign-up by someone else cannot take over a code the owner enters.
   */
  async signup(
    input: { email: string; password: string; role: 'customer' | 'vendor'; name?: string },
    address: string,
  ) {
    await this.deps.rateLimiter.hit(LIMITS.signupPerAddress, address);
    await this.deps.rateLimiter.hit(LIMITS.signupPerAccount, input.email);
    const existing = await this.findUserByEmail(input.email);
    if (existing) {
      await this.deps.hasher.burn(input.password);
      this.deps.background.run('signup-again-mail', () => this.mailExistingAccount(existing));
      return { email: input.email };
    }
    const passwordHash = await this.deps.hasher.hash(input.password);
    const [user] = (await this.db
      .insert(users)
      .values({ email: input.email, passwordHash, role: input.role, name: input.name ?? null })
      .onConflictDoNothing()
      .returning()) as [User | undefined];
    // Lost a race with a concurrent sign-up for the same email: that one is the first registration.
    const created = user;
    this.deps.background.run('signup-mail', async () => {
      if (created) return this.sendCodeUnlessRecent(created);
      const winner = await this.findUserByEmail(input.email);
      if (winner) await this.mailExistingAccount(winner);
    });
    return { email: input.email };
  }

  /** A repeated sign-up: the owner gets a fresh code (unverified) or a sign-in reminder, both with a reset link. */
  private async mailExistingAccount(user: User) {
    const resetUrl = `${this.deps.config.publicUrl}/forgot-password`;
    if (user.emailVerified) {
      await this.deps.mailer.send(accountExistsEmail(user.email, resetUrl));
      return;
    }
    await this.sendCodeUnlessRecent(user, resetUrl);
  }

  /** Mailed from the background: a code sent within the last minute is still good, so none is added. */
  private async sendCodeUnlessRecent(user: User, resetUrl?: string) {
    try {
      await this.sendCode(user, resetUrl);
    } catch (err) {
      if (!(err instanceof AppError && err.status === 429)) throw err;
    }
  }

  /**
   * Sends a fresh code and makes older ones useless: at most one a minute and five an hour
   * per account, counted from the codes themselves so the windows slide exactly.
   */
  private async sendCode(user: User, resetUrl?: string) {
    const now = this.deps.now();
    const recent = await this.db.query.emailCodes.findMany({
      where: and(eq(emailCodes.userId, user.id), gt(emailCodes.createdAt, new Date(now.getTime() - HOUR_MS))),
      columns: { createdAt: true },
      orderBy: (t, { asc }) => [asc(t.createdAt)],
    });
    const last = recent.at(-1);
    if (last && now.getTime() - last.createdAt.getTime() < MINUTE_MS) {
      throw AppError.tooManyRequests((last.createdAt.getTime() + MINUTE_MS - now.getTime()) / 1000);
    }
    if (recent.length >= CODES_PER_HOUR) {
      const oldest = recent[recent.length - CODES_PER_HOUR]!;
      throw AppError.tooManyRequests((oldest.createdAt.getTime() + HOUR_MS - now.getTime()) / 1000);
    }
    const code = sixDigitCode();
    await this.db.transaction(
      async (tx) => {
        await tx
          .update(emailCodes)
          .set({ consumedAt: now })
          .where(and(eq(emailCodes.userId, user.id), isNull(emailCodes.consumedAt)));
        await tx.insert(emailCodes).values({
          userId: user.id,
          codeHash: sha256(`${user.id}:${code}`),
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
          createdAt: now,
        });
      },
      { behavior: 'immediate' },
    );
    await this.deps.mailer.send(verificationCodeEmail(user.email, code, resetUrl));
  }

  async resendCode(email: string) {
    const user = await this.findUserByEmail(email);
    // Same answer whether or not the account exists, so the call cannot be used to probe emails.
    if (!user || user.emailVerified) return;
    await this.sendCode(user);
  }

  async verifyEmail(email: string, code: string): Promise<Session> {
    const user = await this.findUserByEmail(email);
    if (!user) throw AppError.badRequest(INVALID_OTP, 'invalid_otp');
    const now = this.deps.now();
    const row = await this.db.query.emailCodes.findFirst({
      where: and(
        eq(emailCodes.userId, user.id),
        isNull(emailCodes.consumedAt),
        gt(emailCodes.expiresAt, now),
      ),
      orderBy: (t, { desc }) => [desc(t.createdAt)],
    });
    if (!row) throw AppError.badRequest(INVALID_OTP, 'invalid_otp');
    // Count the try before comparing, in one statement: of 50 parallel guesses only five get here.
    const [counted] = await this.db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(
        and(
          eq(emailCodes.id, row.id),
          isNull(emailCodes.consumedAt),
          lt(emailCodes.attempts, CODE_MAX_ATTEMPTS),
        ),
      )
      .returning({ attempts: emailCodes.attempts });
    if (!counted) throw AppError.badRequest(INVALID_OTP, 'invalid_otp');
    if (!safeEqual(row.codeHash, sha256(`${user.id}:${code}`))) {
      if (counted.attempts >= CODE_MAX_ATTEMPTS) {
        await this.db.update(emailCodes).set({ consumedAt: now }).where(eq(emailCodes.id, row.id));
      }
      throw AppError.badRequest(INVALID_OTP, 'invalid_otp');
    }
    // Consume atomically: of two requests with the same code only one gets a session.
    const consumed = await this.db
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.consumedAt)))
      .returning({ id: emailCodes.id });
    if (consumed.length === 0) throw AppError.badRequest(INVALID_OTP, 'invalid_otp');
    const verified = await this.markVerified(user);
    return this.createSession(verified);
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
   * the limit's number of checks. A right password gives its try back.
   */
  async login(email: string, password: string, address: string): Promise<Session> {
    const limiter = this.deps.rateLimiter;
    await limiter.hit(LIMITS.loginFailuresPerAddress, address);
    await limiter.hit(LIMITS.loginFailuresPerAccount, email);
    const user = await this.findUserByEmail(email);
    let ok = false;
    if (user?.passwordHash) ok = await this.deps.hasher.verify(password, user.passwordHash);
    else await this.deps.hasher.burn(password);
    if (!user || !ok) throw AppError.unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
    await limiter.reset(LIMITS.loginFailuresPerAccount, email);
    await limiter.release(LIMITS.loginFailuresPerAddress, address);
    if (!user.emailVerified) {
      let sent = true;
      try {
        await this.sendCode(user);
      } catch (err) {
        if (!(err instanceof AppError && err.status === 429)) throw err;
        sent = false; // a code went out moments ago; it is still valid
      }
      throw new AppError(403, 'Please verify your email: we sent you a code', {
        code: 'email_unverified',
        extra: { codeSent: sent },
      });
    }
    return this.createSession(user);
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
    const accessToken = await this.deps.tokens.sign({ sub: user.id, role: user.role, email: user.email });
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
      if (!user) return;
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
    const byEmail = await this.findUserByEmail(identity.email);
    if (byEmail) {
      const linked = await this.db.transaction(
        async (tx) => {
          const [row] = (await tx
            .update(users)
            .set({
              googleSub: identity.sub,
              name: byEmail.name ?? identity.name ?? null,
              // Whoever chose a password for an address they never proved is not its owner:
              // the password and every session it opened go.
              ...(byEmail.emailVerified ? {} : { passwordHash: null }),
            })
            .where(eq(users.id, byEmail.id))
            .returning()) as [User];
          if (!byEmail.emailVerified) {
            const now = this.deps.now();
            await tx
              .update(refreshTokens)
              .set({ revokedAt: now })
              .where(and(eq(refreshTokens.userId, row.id), isNull(refreshTokens.revokedAt)));
            await tx
              .update(emailCodes)
              .set({ consumedAt: now })
              .where(and(eq(emailCodes.userId, row.id), isNull(emailCodes.consumedAt)));
          }
          return row;
        },
        { behavior: 'immediate' },
      );
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
