/**
 * Staff invite people to a partner: a `partner` account without a password, and a mail (through
 * the outbox) with a link to set one. The link's token is made when the mail is sent and kept
 * hashed as a password-reset token, valid for a week; `POST /auth/set-password` uses it.
 */
import { and, desc, eq, max } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { partners, passwordResets, refreshTokens, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AccessClaims } from '../../lib/jwt';
import { linkBase } from '../../lib/origin';
import { publish, type Subscriber } from '../../lib/outbox';
import { opaqueToken, sha256 } from '../../lib/tokens';
import type { MailMessage } from '../../providers/mail';
import { escapeHtml, layout } from '../../providers/mail/layout';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const PARTNER_USER_EVENTS = { invited: 'partner.user_invited' } as const;

export class PartnerInvites {
  constructor(private readonly deps: AppDeps) {}

  private async partner(id: string) {
    const row = await this.deps.db.query.partners.findFirst({ where: eq(partners.id, id) });
    if (!row) throw AppError.notFound('Partner not found');
    return row;
  }

  async users(partnerId: string) {
    await this.partner(partnerId);
    const rows = await this.deps.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        hasPassword: users.passwordHash,
        createdAt: users.createdAt,
        lastSignInAt: max(refreshTokens.createdAt),
      })
      .from(users)
      .leftJoin(refreshTokens, eq(refreshTokens.userId, users.id))
      .where(and(eq(users.partnerId, partnerId), eq(users.role, 'partner')))
      .groupBy(users.id)
      .orderBy(desc(users.createdAt));
    return {
      data: rows.map((r) => ({
        id: r.id,
        email: r.email,
        name: r.name,
        status: r.hasPassword ? ('active' as const) : ('invited' as const),
        createdAt: r.createdAt.toISOString(),
        lastSignInAt: r.lastSignInAt ? new Date(r.lastSignInAt).toISOString() : null,
      })),
    };
  }

  /**
   * A new account for the email, or a fresh link for someone already invited to this partner
   * who has not set a password yet. An address that already has another account is refused:
   * staff must not turn someone's customer account into a partner's.
   */
  async invite(actor: AccessClaims, partnerId: string, input: { email: string; name: string }) {
    await this.partner(partnerId);
    const now = this.deps.now();
    const user = await this.deps.db.transaction(
      async (tx) => {
        const existing = await tx.query.users.findFirst({ where: eq(users.email, input.email) });
        if (
          existing &&
          !(existing.partnerId === partnerId && existing.role === 'partner' && !existing.passwordHash)
        ) {
          throw AppError.conflict('This email already has a Consign account', 'email_taken');
        }
        const [row] = existing
          ? await tx.update(users).set({ name: input.name }).where(eq(users.id, existing.id)).returning()
          : await tx
              .insert(users)
              .values({ email: input.email, name: input.name, role: 'partner', partnerId, createdAt: now })
              .returning();
        await recordAudit(
          tx,
          actor,
          {
            action: 'partner.invite',
            entityType: 'partner',
            entityId: partnerId,
            before: null,
            after: { userId: row!.id },
            reason: `Invited ${row!.id} to the partner`,
          },
          now,
        );
        await publish(tx, PARTNER_USER_EVENTS.invited, { userId: row!.id, partnerId }, now);
        return row!;
      },
      { behavior: 'immediate' },
    );
    this.deps.logger.info({ partnerId, userId: user.id }, 'partner user invited');
    return { id: user.id, email: user.email, name: user.name ?? input.name, status: 'invited' as const };
  }
}

function inviteEmail(to: string, partnerName: string, link: string): MailMessage {
  return {
    to,
    subject: `You're invited to ${partnerName} on Consign`,
    text: `You have been invited to the Consign partner area of ${partnerName}.\n\nSet your password to sign in (the link works for 7 days, once):\n${link}\n`,
    html: layout(
      'Your Consign partner invitation',
      `<p>You have been invited to the Consign partner area of <strong>${escapeHtml(partnerName)}</strong>.</p>
<p>Set your password to sign in (the link works for 7 days, once):</p><p><a href="${escapeHtml(link)}">Set your password</a></p>`,
      'an invitation from Consign staff',
    ),
  };
}

/** Sends the invitation: the token is made here, so it never sits in the outbox in clear. */
export const partnerInviteMailSubscriber: Subscriber<AppDeps> = {
  name: 'partner-invite-mail',
  types: [PARTNER_USER_EVENTS.invited],
  async deliver(deps, event) {
    const userId = String(event.data.userId);
    const [row] = await deps.db
      .select({ email: users.email, passwordHash: users.passwordHash, partnerName: partners.name })
      .from(users)
      .innerJoin(partners, eq(partners.id, users.partnerId))
      .where(eq(users.id, userId));
    // Already set a password (a link from an earlier invite), or gone: nothing to send.
    if (!row || row.passwordHash) return;
    const token = opaqueToken();
    const now = deps.now();
    await deps.db.insert(passwordResets).values({
      userId,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
      createdAt: now,
    });
    const link = `${linkBase(deps.config)}/set-password?token=${encodeURIComponent(token)}`;
    await deps.mailer.send(inviteEmail(row.email, row.partnerName, link));
  },
};
