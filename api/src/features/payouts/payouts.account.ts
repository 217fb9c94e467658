/**
 * Where a courier is paid (docs/payments.md, "Payout account"): a PayPal email, used only once a
 * code mailed to it has been entered, so a typo (or someone else) never receives a courier's
 * money. A new email waits beside the confirmed one until confirmed; the old address is told.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { payoutAccounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { linkBase } from '../../lib/origin';
import type { Limit } from '../../lib/rate-limit';
import { sha256, sixDigitCode } from '../../lib/tokens';
import { payoutCodeEmail, payoutEmailChangedEmail } from './payouts.emails';

export const PAYOUT_CODE_TTL_MS = 15 * 60 * 1000;
export const PAYOUT_CODE_MAX_ATTEMPTS = 5;
/** Codes mailed per courier per hour: each is a mail to an address someone typed. */
export const PAYOUT_CODE_LIMIT: Limit = { name: 'payout-account-code', max: 5, windowSeconds: 3600 };

type AccountRow = typeof payoutAccounts.$inferSelect;

export type PayoutAccountDto = {
  /** The confirmed address payouts go to; null until one is confirmed. */
  paypalEmail: string | null;
  verifiedAt: string | null;
  /** An address waiting for its code. */
  pendingEmail: string | null;
  codeExpiresAt: string | null;
};

export function toPayoutAccountDto(row: AccountRow | undefined): PayoutAccountDto {
  return {
    paypalEmail: row?.paypalEmail ?? null,
    verifiedAt: row?.verifiedAt?.toISOString() ?? null,
    pendingEmail: row?.pendingEmail ?? null,
    codeExpiresAt: row?.pendingEmail && row.codeExpiresAt ? row.codeExpiresAt.toISOString() : null,
  };
}

const codeHash = (vendorId: string, code: string) => sha256(`payout-account:${vendorId}:${code}`);

export async function payoutAccountOf(deps: AppDeps, vendorId: string): Promise<AccountRow | undefined> {
  return deps.db.query.payoutAccounts.findFirst({ where: eq(payoutAccounts.vendorId, vendorId) });
}

/** Starts confirming a PayPal email: keeps it as pending and mails it a code. */
export async function setPayoutEmail(
  deps: AppDeps,
  vendorId: string,
  email: string,
): Promise<PayoutAccountDto> {
  const paypalEmail = email.trim().toLowerCase();
  const current = await payoutAccountOf(deps, vendorId);
  if (current?.paypalEmail === paypalEmail && !current.pendingEmail) return toPayoutAccountDto(current);
  await deps.rateLimiter.hit(PAYOUT_CODE_LIMIT, vendorId);
  const code = sixDigitCode();
  const now = deps.now();
  const values = {
    pendingEmail: paypalEmail,
    codeHash: codeHash(vendorId, code),
    codeExpiresAt: new Date(now.getTime() + PAYOUT_CODE_TTL_MS),
    codeAttempts: 0,
    updatedAt: now,
  };
  const [row] = await deps.db
    .insert(payoutAccounts)
    .values({ vendorId, ...values })
    .onConflictDoUpdate({ target: payoutAccounts.vendorId, set: values })
    .returning();
  await deps.mailer.send(payoutCodeEmail(paypalEmail, code, PAYOUT_CODE_TTL_MS / 60_000));
  return toPayoutAccountDto(row);
}

const wrongCode = () =>
  new AppError(422, 'That code is not right', {
    code: 'payout_code_invalid',
    errors: [{ path: 'code', message: 'That code is not right; check the latest email' }],
  });

/** Confirms the pending email with its code: payouts go there from now on. */
export async function verifyPayoutEmail(
  deps: AppDeps,
  vendorId: string,
  code: string,
): Promise<PayoutAccountDto> {
  const account = await payoutAccountOf(deps, vendorId);
  if (!account?.pendingEmail || !account.codeHash) {
    throw AppError.conflict(
      'There is no PayPal email waiting for a code: set one first',
      'payout_code_not_requested',
    );
  }
  const now = deps.now();
  if (account.codeAttempts >= PAYOUT_CODE_MAX_ATTEMPTS) {
    throw AppError.conflict('Too many wrong codes: ask for a new one', 'payout_code_attempts_exceeded');
  }
  if (!account.codeExpiresAt || account.codeExpiresAt <= now) {
    throw new AppError(422, 'That code has expired: ask for a new one', {
      code: 'payout_code_expired',
      errors: [{ path: 'code', message: 'The code has expired; ask for a new one' }],
    });
  }
  const expected = Buffer.from(account.codeHash);
  const given = Buffer.from(codeHash(vendorId, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await deps.db
      .update(payoutAccounts)
      .set({ codeAttempts: sql`${payoutAccounts.codeAttempts} + 1`, updatedAt: now })
      .where(eq(payoutAccounts.vendorId, vendorId));
    throw wrongCode();
  }
  const previous = account.paypalEmail;
  const [row] = await deps.db
    .update(payoutAccounts)
    .set({
      paypalEmail: account.pendingEmail,
      verifiedAt: now,
      pendingEmail: null,
      codeHash: null,
      codeExpiresAt: null,
      codeAttempts: 0,
      updatedAt: now,
    })
    // Only the code that was checked: a new email set meanwhile waits for its own code.
    .where(and(eq(payoutAccounts.vendorId, vendorId), eq(payoutAccounts.codeHash, account.codeHash)))
    .returning();
  if (!row)
    throw AppError.conflict('A new PayPal email was set meanwhile: enter its code', 'payout_code_replaced');
  if (previous && previous !== row.paypalEmail) {
    await deps.mailer.send(
      payoutEmailChangedEmail(previous, row.paypalEmail ?? '', `${linkBase(deps.config)}/vendor-payouts`),
    );
  }
  deps.logger.info({ vendorId }, 'payout email confirmed');
  return toPayoutAccountDto(row);
}
