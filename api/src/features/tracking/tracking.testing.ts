/**
 * Test fixtures for tracking and bulk updates: a paid order (booked through the real routes and
 * paid with the built-in test provider), and a courier moving it on.
 */
import type { TestApp } from '../../test/harness';
import { bookingBody, type bookingFixture, quoteOptionFor } from '../orders/orders.testing';

export type PaidFixture = Awaited<ReturnType<typeof bookingFixture>>;

/** Books and pays one domestic parcel, collected on `collectionDate`; answers the order detail. */
export async function bookAndPay(
  t: TestApp,
  f: PaidFixture,
  collectionDate: string,
  overrides: Record<string, unknown> = {},
) {
  const { option } = await quoteOptionFor(t, f.vendor.service.id);
  const created = await t.post('/api/v1/orders', bookingBody(option.id, collectionDate, overrides), f.auth);
  if (created.status !== 201) throw new Error(`booking failed: ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  const start = await t.post(`/api/v1/orders/${id}/payment`, undefined, f.auth);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  const captured = await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, f.auth);
  if (captured.status !== 200) throw new Error(`capture failed: ${JSON.stringify(captured.body)}`);
  const detail = await t.get(`/api/v1/orders/${id}`, f.auth);
  return detail.body as { id: string; reference: string; trackingCode: string; trackingUrl: string };
}

/** The courier moves the order through `statuses` with the drawer's PATCH. */
export async function courierMoves(t: TestApp, f: PaidFixture, orderId: string, ...statuses: string[]) {
  for (const status of statuses) {
    const res = await t.patch(
      `/api/v1/vendor/orders/${orderId}`,
      { status },
      t.bearer(f.vendor.owner.accessToken),
    );
    if (res.status !== 200) throw new Error(`move to ${status} failed: ${JSON.stringify(res.body)}`);
  }
}
