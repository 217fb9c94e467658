import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { type UserRole, users } from '../db/schema';
import { AppError } from './errors';

/** Requires a valid access token; puts its claims on c.var.user. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('Authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) throw AppError.unauthorized();
  const claims = await c.var.deps.tokens.verify(match[1]!);
  // Access tokens live for minutes; staff disabling an account must end its sessions now.
  const account = await c.var.deps.db.query.users.findFirst({
    columns: { disabled: true },
    where: eq(users.id, claims.sub),
  });
  if (!account || account.disabled) throw AppError.unauthorized();
  c.set('user', claims);
  await next();
});

/** Requires one of the roles; use after requireAuth. */
export const requireRole = (...roles: UserRole[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!roles.includes(c.var.user.role)) throw AppError.forbidden();
    await next();
  });

/** The caller's address for rate limits: the socket's, or the proxy's header when told to trust it. */
export function clientAddress(
  c: { req: { header(name: string): string | undefined }; env?: unknown },
  trustProxy: boolean,
) {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}
