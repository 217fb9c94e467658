import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { signUpVerified, type TestApp } from '../../test/harness';
import { signUpAdmin } from '../admin/admin.fixtures';
import { bookingBody, bookingFixture } from '../orders/orders.testing';

const PASSWORD = 'correct-horse-1';
let counter = 0;

export const QUOTE_BODY = {
  serviceType: 'domestic',
  from: 'England',
  to: 'Scotland',
  parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
};

/** A partner made by staff through the admin API; answers it and the staff bearer header. */
export async function createPartner(t: TestApp, over: Record<string, unknown> = {}) {
  counter += 1;
  const admin = await signUpAdmin(t, `admin${counter}@example.com`);
  const staff = t.bearer(admin.accessToken);
  const res = await t.post(
    '/api/v1/admin/partners',
    { name: `Shop ${counter}`, mode: 'test', allowedOrigins: ['https://shop.example'], ...over },
    staff,
  );
  if (res.status !== 201) throw new Error(`partner: ${JSON.stringify(res.body)}`);
  return { staff, partner: res.body as { id: string; publishableKey: string; mode: 'test' | 'live' } };
}

/** A signed-in user of the partner (role set in the database, as staff invites do). */
export async function partnerUser(t: TestApp, partnerId: string) {
  counter += 1;
  const email = `partner${counter}@example.com`;
  const session = await signUpVerified(t, email, 'customer', PASSWORD);
  await t.deps.db.update(users).set({ role: 'partner', partnerId }).where(eq(users.id, session.user.id));
  const login = await t.post('/api/v1/auth/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`partner login: ${JSON.stringify(login.body)}`);
  return { email, auth: t.bearer(login.body.accessToken as string) };
}

/** A secret key of the partner, made by one of its users. */
export async function secretKeyOf(t: TestApp, partnerId: string) {
  const { auth } = await partnerUser(t, partnerId);
  const res = await t.post('/api/v1/partner/secret-keys', {}, auth);
  if (res.status !== 201) throw new Error(`secret key: ${JSON.stringify(res.body)}`);
  return res.body.secret as string;
}

/**
 * A shopper books (and, unless `pay` is false, pays) an order from a quote asked through the
 * partner's publishable key, as the widget does.
 */
export async function partnerOrder(
  t: TestApp,
  partner: { publishableKey: string },
  options: { pay?: boolean; collectionDate?: string } = {},
) {
  const f = await bookingFixture(t, { price: 1000 });
  const quote = await t.post('/api/v1/quotes', QUOTE_BODY, {
    'X-Publishable-Key': partner.publishableKey,
    Origin: 'https://shop.example',
  });
  if (quote.status !== 201) throw new Error(`quote: ${JSON.stringify(quote.body)}`);
  const option = quote.body.options.find(
    (o: { courierService: { id: string } }) => o.courierService.id === f.vendor.service.id,
  );
  const order = await t.post(
    '/api/v1/orders',
    bookingBody(option.id, options.collectionDate ?? '2026-05-06'),
    f.auth,
  );
  if (order.status !== 201) throw new Error(`order: ${JSON.stringify(order.body)}`);
  const id = order.body.id as string;
  if (options.pay !== false) {
    const start = await t.post(`/api/v1/orders/${id}/payment`, undefined, f.auth);
    await t.call('POST', new URL(start.body.approveUrl).pathname);
    const captured = await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, f.auth);
    if (captured.status !== 200) throw new Error(`capture: ${JSON.stringify(captured.body)}`);
  }
  return { id, reference: `#${id.slice(-8)}`, total: order.body.price.total as number, f };
}
