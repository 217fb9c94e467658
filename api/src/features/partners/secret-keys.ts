import { createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppDeps, KeyPartner } from '../../context';
import { partnerSecretKeys, partners } from '../../db/schema';
import { AppError } from '../../lib/errors';

type KeyRow = typeof partnerSecretKeys.$inferSelect;

/** The part of a key people see to tell keys apart: `sk_test_AbC1`. */
export const PREFIX_LENGTH = 12;
export const DEFAULT_GRACE_HOURS = 24;

/** `sk_test_`/`sk_live_` and 32 random URL-safe characters (192 bits). */
export function newSecretKey(mode: 'test' | 'live'): string {
  return `sk_${mode}_${randomBytes(24).toString('base64url')}`;
}

export const isSecretKey = (token: string) => /^sk_(test|live)_/.test(token);

export type SecretKeyStatus = 'active' | 'expiring' | 'revoked';

export function secretKeyStatus(row: Pick<KeyRow, 'revokedAt' | 'expiresAt'>, now: Date): SecretKeyStatus {
  if (row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return 'revoked';
  return row.expiresAt ? 'expiring' : 'active';
}

export function toSecretKeyDto(row: KeyRow, now: Date) {
  return {
    id: row.id,
    prefix: row.prefix,
    mode: row.mode,
    status: secretKeyStatus(row, now),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: (row.revokedAt ?? row.expiresAt)?.toISOString() ?? null,
  };
}

export type SecretKeyDto = ReturnType<typeof toSecretKeyDto>;

/**
 * Secret keys are stored as an HMAC-SHA256 keyed with the app's secret: 192 random bits need no
 * slow hash, and an HMAC found in a copy of the database is useless without the app's secret.
 */
export class SecretKeys {
  constructor(private readonly deps: AppDeps) {}

  private hash(key: string) {
    return createHmac('sha256', `secret-keys:${this.deps.config.jwtSecret}`).update(key).digest('hex');
  }

  async list(partnerId: string) {
    const rows = await this.deps.db
      .select()
      .from(partnerSecretKeys)
      .where(eq(partnerSecretKeys.partnerId, partnerId))
      .orderBy(desc(partnerSecretKeys.createdAt), desc(partnerSecretKeys.id));
    const now = this.deps.now();
    return rows.map((r) => toSecretKeyDto(r, now));
  }

  async create(partner: Pick<KeyPartner, 'id' | 'mode'>) {
    const secret = newSecretKey(partner.mode);
    const [row] = await this.deps.db
      .insert(partnerSecretKeys)
      .values({
        partnerId: partner.id,
        mode: partner.mode,
        prefix: secret.slice(0, PREFIX_LENGTH),
        keyHash: this.hash(secret),
        createdAt: this.deps.now(),
      })
      .returning();
    this.deps.logger.info({ partnerId: partner.id, keyId: row!.id }, 'secret key created');
    return { ...toSecretKeyDto(row!, this.deps.now()), secret };
  }

  private async own(partnerId: string, id: string) {
    const row = await this.deps.db.query.partnerSecretKeys.findFirst({
      where: and(eq(partnerSecretKeys.id, id), eq(partnerSecretKeys.partnerId, partnerId)),
    });
    if (!row) throw AppError.notFound('Secret key not found');
    return row;
  }

  /** A new key; the old one keeps working for `graceHours`, so servers can be redeployed without a gap. */
  async rotate(partner: Pick<KeyPartner, 'id' | 'mode'>, id: string, graceHours = DEFAULT_GRACE_HOURS) {
    const old = await this.own(partner.id, id);
    const now = this.deps.now();
    if (secretKeyStatus(old, now) !== 'active') {
      throw AppError.conflict(
        'Only an active key can be rotated; create a new key instead',
        'key_not_active',
      );
    }
    const expiresAt = new Date(now.getTime() + graceHours * 3600_000);
    const secret = newSecretKey(partner.mode);
    const [key, previous] = await this.deps.db.transaction(
      async (tx) => {
        const [fresh] = await tx
          .insert(partnerSecretKeys)
          .values({
            partnerId: partner.id,
            mode: partner.mode,
            prefix: secret.slice(0, PREFIX_LENGTH),
            keyHash: this.hash(secret),
            createdAt: now,
          })
          .returning();
        const [prev] = await tx
          .update(partnerSecretKeys)
          .set({ expiresAt })
          .where(eq(partnerSecretKeys.id, old.id))
          .returning();
        return [fresh!, prev!] as const;
      },
      { behavior: 'immediate' },
    );
    this.deps.logger.info({ partnerId: partner.id, keyId: old.id, newKeyId: key.id }, 'secret key rotated');
    return { key: { ...toSecretKeyDto(key, now), secret }, previous: toSecretKeyDto(previous, now) };
  }

  async revoke(partnerId: string, id: string) {
    const row = await this.own(partnerId, id);
    const now = this.deps.now();
    const [updated] = await this.deps.db
      .update(partnerSecretKeys)
      .set({ revokedAt: row.revokedAt ?? now })
      .where(eq(partnerSecretKeys.id, row.id))
      .returning();
    this.deps.logger.info({ partnerId, keyId: id }, 'secret key revoked');
    return toSecretKeyDto(updated!, now);
  }

  /**
   * The partner a secret key belongs to, and the key's status (active, or expiring while it is
   * rotated out); 401 for an unknown, revoked or expired key, 403 for a disabled partner.
   */
  async authenticate(secret: string): Promise<{ partner: KeyPartner; status: SecretKeyStatus }> {
    const now = this.deps.now();
    const [found] = await this.deps.db
      .select({ key: partnerSecretKeys, partner: partners })
      .from(partnerSecretKeys)
      .innerJoin(partners, eq(partners.id, partnerSecretKeys.partnerId))
      .where(and(eq(partnerSecretKeys.keyHash, this.hash(secret)), isNull(partnerSecretKeys.revokedAt)))
      .limit(1);
    if (!found || secretKeyStatus(found.key, now) === 'revoked') {
      throw AppError.unauthorized('This secret key is unknown, revoked or expired', 'secret_key_invalid');
    }
    if (found.partner.status !== 'active') {
      throw AppError.forbidden('This partner is disabled; its keys no longer work', 'partner_disabled');
    }
    // At most once a minute per key: a busy integration must not write on every call.
    if (!found.key.lastUsedAt || now.getTime() - found.key.lastUsedAt.getTime() > 60_000) {
      await this.deps.db
        .update(partnerSecretKeys)
        .set({ lastUsedAt: now })
        .where(eq(partnerSecretKeys.id, found.key.id));
    }
    return { partner: found.partner, status: secretKeyStatus(found.key, now) };
  }
}
