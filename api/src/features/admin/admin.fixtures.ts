import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { signUpVerified, type TestApp } from '../../test/harness';
import { bookingBody, bookingFixture, quoteOptionFor } from '../orders/orders.testing';

const PASSWORD = 'correct-horse-1';

/** Test helper: an admin session (accounts cannot sign up as admin, so the role is set in the database). */
export async function signUpAdmin(t: TestApp, email = 'admin@example.com') {
  const session = await signUpVerified(t, email, 'customer', PASSWORD);
  await t.deps.db.update(users).set({ role: 'admin' }).where(eq(users.id, session.user.id));
  const login = await t.post('/api/v1/auth/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(login.body)}`);
  return login.body as { accessToken: string; user: { id: string; role: string } };
}

/** Test helper: a verified vendor account, its bearer header and its vendor id. */
export async function signUpVendor(t: TestApp, email: string) {
  const session = await signUpVerified(t, email, 'vendor', PASSWORD);
  const auth = t.bearer(session.accessToken);
  const me = await t.get('/api/v1/vendors/me', auth);
  if (me.status !== 200) throw new Error(`vendor lookup failed: ${JSON.stringify(me.body)}`);
  return { session, auth, vendorId: me.body.id as string };
}

/** Test helper: a customer books one order and pays it with the built-in test provider. */
export async function paidOrder(t: TestApp, collectionDate: string) {
  const f = await bookingFixture(t);
  const { option } = await quoteOptionFor(t, f.vendor.service.id);
  const created = await t.post('/api/v1/orders', bookingBody(option.id, collectionDate), f.auth);
  if (created.status !== 201) throw new Error(`booking failed: ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  const start = await t.post(`/api/v1/orders/${id}/payment`, undefined, f.auth);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  const captured = await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, f.auth);
  if (captured.status !== 200) throw new Error(`capture failed: ${JSON.stringify(captured.body)}`);
  return { id, total: (captured.body.price.net + captured.body.price.vat) as number, f };
}
