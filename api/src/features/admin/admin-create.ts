import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { users } from '../../db/schema';
import { EmailSchema, PasswordSchema } from '../auth';

/** A reason the first-admin command refuses, worded for the terminal. */
export class AdminCreateError extends Error {}

/**
 * Creates a verified admin account (sign-up never makes admins). An existing address is refused
 * rather than promoted, so a typo cannot hand a stranger's account staff rights.
 */
export async function createAdmin(deps: AppDeps, rawEmail: string, password: string, name?: string) {
  const email = EmailSchema.safeParse(rawEmail);
  if (!email.success) throw new AdminCreateError(`--email: ${email.error.issues[0]?.message}`);
  const pass = PasswordSchema.safeParse(password);
  if (!pass.success) throw new AdminCreateError(`password: ${pass.error.issues[0]?.message}`);
  const existing = await deps.db.query.users.findFirst({ where: eq(users.email, email.data) });
  if (existing) throw new AdminCreateError(`An account with ${email.data} already exists`);
  const [row] = await deps.db
    .insert(users)
    .values({
      email: email.data,
      name: name ?? null,
      passwordHash: await deps.hasher.hash(pass.data),
      role: 'admin',
      emailVerified: true,
    })
    .returning({ id: users.id, email: users.email });
  return row!;
}
