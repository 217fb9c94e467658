import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The partner's active people (partner users not disabled): the targets of every mail sent to a
 * partner (key rotations, a disabled webhook endpoint, the receipt for returns it paid for).
 */
export async function partnerPeopleIds(db: Database | Tx, partnerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.partnerId, partnerId), eq(users.role, 'partner'), eq(users.disabled, false)));
  return rows.map((r) => r.id);
}
