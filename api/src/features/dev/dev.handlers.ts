import type { RouteHandler } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import type { AppEnv } from '../../context';
import { outbox } from '../../db/schema';
import { isLoopbackRequest } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import type * as routes from './dev.routes';

export const listMailbox: RouteHandler<typeof routes.listMailbox, AppEnv> = async (c) => {
  const { mailer, db } = c.get('deps');
  // Only people at this machine may read the outbox; anyone else is told nothing exists here.
  if (!isLoopbackRequest(c)) throw AppError.notFound('The dev mailbox answers only on this machine');
  // With a real SMTP server the outbox holds nothing and must not become a way to read mail.
  if (mailer.transport !== 'outbox')
    throw AppError.notFound('The dev mailbox is only available without SMTP');
  const { to, limit } = c.req.valid('query');
  const rows = await db
    .select()
    .from(outbox)
    .where(to ? eq(outbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
  return c.json({ items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) }, 200);
};
