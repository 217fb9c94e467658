import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, perDatabase } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { UpdateMeBodySchema } from './users.schemas';

type UserRow = typeof users.$inferSelect;

export function toUserDto(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    phone: u.phone,
    address: u.address ?? null,
    avatarUrl: u.avatarUrl,
    role: u.role,
    emailVerified: u.emailVerified,
    createdAt: u.createdAt.toISOString(),
  };
}

// Every page of the portal asks for its user: built once per database, not per request (drizzle's
// query building cost more than the read itself; issue 22).
const userById = perDatabase((db) =>
  db.query.users.findFirst({ where: eq(users.id, sql.placeholder('id')) }).prepare(),
);

export async function getUser(db: Database, id: string) {
  const user = await userById(db).execute({ id });
  if (!user) throw AppError.notFound('User not found');
  return toUserDto(user);
}

export async function updateUser(db: Database, id: string, patch: z.infer<typeof UpdateMeBodySchema>) {
  // An empty body (or none) changes nothing, and an UPDATE with nothing to set is not SQL.
  if (Object.keys(patch ?? {}).length === 0) {
    throw AppError.validation(
      [{ path: '(body)', message: 'Send at least one of name, phone, address or avatarUrl' }],
      'Nothing to update',
    );
  }
  const [user] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  if (!user) throw AppError.notFound('User not found');
  return toUserDto(user);
}
