/**
 * The security suite's world: the real API served over HTTP on 127.0.0.1 (a fresh database in a
 * temporary folder), and a cast of accounts that own things. Set-up may use the database
 * directly; every attack goes over HTTP.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { createApp } from '../app';
import {
  addressBookEntries,
  adjustments,
  batchCharges,
  batches,
  batchRows,
  claims,
  orderCommissions,
  orders,
  partners,
  payments,
  receipts,
  returnCharges,
  reviews,
  savedParcels,
  users,
  vendors,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema';
import { signUpAdmin, signUpVendor } from '../features/admin/admin.fixtures';
import { importPlaces, publishPoint } from '../features/dropoff-points/dropoff-points.testing';
import {
  address,
  bookingBody,
  createVendorWithService,
  deliveryAddress,
  quoteOptionFor,
} from '../features/orders/orders.testing';
import { createTestApp, signUpVerified, type TestApp } from '../test/harness';

export const TODAY = '2026-03-10';

export type Reply = { status: number; headers: Headers; body: any };

export type Http = (
  method: string,
  path: string,
  options?: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> },
) => Promise<Reply>;

export type World = Awaited<ReturnType<typeof startWorld>>;

export async function startWorld() {
  const t = await createTestApp();
  // A Tuesday morning in winter: bookings for TODAY are valid, and fixed windows start on the hour.
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
  const server = serve({ fetch: createApp(t.deps).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const http: Http = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    await t.deps.background.idle();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (a PDF, CSV or page): keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };

  const close = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    t.close();
  };
  return { t, base, http, close, cast: await cast(t) };
}

/** Everyone the suite needs, and what the first of each kind owns. */
async function cast(t: TestApp) {
  const admin = await signUpAdmin(t, 'admin@security.test');
  const vendorA = await createVendorWithService(t, { name: 'Owner Next Day' });
  const vendorB = await createVendorWithService(t, { name: 'Rival Next Day' });
  const pending = await signUpVendor(t, 'pending@security.test');
  await t.deps.db.update(vendors).set({ status: 'pending' }).where(eq(vendors.id, pending.vendorId));
  const customerA = await signUpVerified(t, 'customer-a@security.test');
  const customerB = await signUpVerified(t, 'customer-b@security.test');
  const authA = t.bearer(customerA.accessToken);

  const { quote, option } = await quoteOptionFor(t, vendorA.service.id, undefined, customerA.accessToken);
  const order = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), authA);
  if (order.status !== 201) throw new Error(`booking failed: ${JSON.stringify(order.body)}`);
  // Paid, so that its label and every paid-order route exist.
  const start = await t.post(`/api/v1/orders/${order.body.id}/payment`, undefined, authA);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  const captured = await t.post(`/api/v1/orders/${order.body.id}/payment/capture`, undefined, authA);
  if (captured.status !== 200) throw new Error(`payment failed: ${JSON.stringify(captured.body)}`);
  const trackingCode = (await t.get(`/api/v1/orders/${order.body.id}`, authA)).body.trackingCode as string;
  const job = await t.post(
    '/api/v1/jobs',
    {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
      collectionAddress: address(),
      deliveryAddress: deliveryAddress(),
      collectionDate: TODAY,
      contents: 'Books',
      contentValue: 2500,
      askingPrice: { amount: 2400, currency: 'GBP' },
    },
    authA,
  );
  if (job.status !== 201) throw new Error(`job failed: ${JSON.stringify(job.body)}`);

  // A business document, private to vendor A and staff.
  const form = new FormData();
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  form.append('document', new File([pdf], 'licence.pdf', { type: 'application/pdf' }));
  const uploaded = await t.app.request('/api/v1/vendors/me/documents', {
    method: 'POST',
    body: form,
    headers: t.bearer(vendorA.owner.accessToken),
  });
  if (uploaded.status !== 201) throw new Error(`document upload failed: ${await uploaded.text()}`);
  const documentId = ((await uploaded.json()) as { id: string }).id;

  // A partner whose shop the first order came through, with its own keys, endpoint and log.
  const [partnerRow] = await t.deps.db
    .insert(partners)
    .values({
      name: 'Owner Shop',
      mode: 'test',
      publishableKey: 'pk_test_security_owner',
      allowedOrigins: [],
    })
    .returning();
  await t.deps.db.update(orders).set({ partnerId: partnerRow!.id }).where(eq(orders.id, order.body.id));
  const partnerUserA = await signUpVerified(t, 'partner-a@security.test');
  await t.deps.db
    .update(users)
    .set({ role: 'partner', partnerId: partnerRow!.id })
    .where(eq(users.id, partnerUserA.user.id));
  const partnerLogin = await t.post('/api/v1/auth/login', {
    email: 'partner-a@security.test',
    password: 'correct-horse-1',
  });
  if (partnerLogin.status !== 200)
    throw new Error(`partner login failed: ${JSON.stringify(partnerLogin.body)}`);
  const partnerAuth = t.bearer(partnerLogin.body.accessToken);
  const secretKey = await t.post('/api/v1/partner/secret-keys', {}, partnerAuth);
  const endpoint = await t.post(
    '/api/v1/partner/webhook-endpoints',
    { url: 'http://127.0.0.1:9/hooks', events: ['order.tracking_event'] },
    partnerAuth,
  );
  if (endpoint.status !== 201) throw new Error(`endpoint failed: ${JSON.stringify(endpoint.body)}`);
  // Disabled, and its logged attempt written directly: nothing is ever sent to it, so no retry
  // changes the tables while a test compares them.
  await t.deps.db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'security world' })
    .where(eq(webhookEndpoints.id, endpoint.body.id));
  const [delivery] = await t.deps.db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.body.id,
      partnerId: partnerRow!.id,
      eventId: 'evt-security',
      eventType: 'ping',
      outboxEventId: 'evt-security',
      target: `${endpoint.body.id} ping`,
      attempt: 1,
      status: 'failed',
      statusCode: 500,
    })
    .returning();

  // A review of the first order, written directly: reviewing needs a delivered order, and the
  // matrix only needs an object of vendor A's for the reply route.
  const [review] = await t.deps.db
    .insert(reviews)
    .values({
      orderId: order.body.id,
      customerId: customerA.user.id,
      vendorId: vendorA.vendorId,
      courierServiceId: vendorA.service.id,
      serviceName: 'Security service',
      rating: 4,
      comment: 'Fine',
      authorName: 'Customer A',
      editableUntil: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    })
    .returning();

  // A claim on the first order, written directly for the same reason (claiming needs a delivered parcel).
  const [claim] = await t.deps.db
    .insert(claims)
    .values({
      orderId: order.body.id,
      customerId: customerA.user.id,
      vendorId: vendorA.vendorId,
      kind: 'damage',
      status: 'with_courier',
      description: 'Crushed box',
      photos: [],
      proofOfValue: [],
      currency: 'GBP',
      amountClaimed: 100,
      cap: 2000,
      courierDeadline: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
      updatedAt: new Date(),
    })
    .returning();

  // A weight adjustment vendor A filed on the first order, written directly (filing needs the
  // parcel collected within the last two working days).
  const booked = { length: 30, width: 20, height: 10, weight: 2 };
  const [adjustment] = await t.deps.db
    .insert(adjustments)
    .values({
      orderId: order.body.id,
      customerId: customerA.user.id,
      vendorId: vendorA.vendorId,
      status: 'awaiting_customer',
      bookedParcels: [booked],
      measuredParcels: [{ ...booked, weight: 5 }],
      bookedChargeableKg: 2,
      measuredChargeableKg: 5,
      photos: [],
      currency: 'GBP',
      bookedPrice: 1000,
      adjustedPrice: 1500,
      difference: 500,
      updatedAt: new Date(),
    })
    .returning();

  // Customer A's address book entry and saved parcel size, and a batch of partner A's with two
  // rows, written directly: the matrix only needs objects that belong to someone.
  const sender = {
    name: 'Customer A',
    email: 'a@security.test',
    phone: '020 7946 0000',
    line1: '1 Test Street',
    line2: null,
    city: 'London',
    county: null,
    postcode: 'SW1A 1AA',
    country: 'GB',
  };
  const [entry] = await t.deps.db
    .insert(addressBookEntries)
    .values({
      userId: customerA.user.id,
      label: 'Home',
      labelKey: 'home',
      address: sender as never,
      searchText: 'home customer a 1 test street london sw1a 1aa',
    })
    .returning();
  const [parcel] = await t.deps.db
    .insert(savedParcels)
    .values({
      userId: customerA.user.id,
      label: 'Shoebox',
      labelKey: 'shoebox',
      length: 30,
      width: 20,
      height: 15,
      weight: 2,
    })
    .returning();
  const [batch] = await t.deps.db
    .insert(batches)
    .values({
      ownerId: partnerUserA.user.id,
      partnerId: partnerRow!.id,
      name: 'Security batch',
      source: 'json',
      rule: 'cheapest',
    })
    .returning();
  const [batchRow] = await t.deps.db
    .insert(batchRows)
    .values({ batchId: batch!.id, position: 1, input: {}, status: 'invalid', errors: [] })
    .returning();
  // A second row booked as the first order (a booked row's id is its order's), so the batch has a
  // label; paid by a charge of the batch with its receipt (a line per row), so it has a receipt.
  const paidOrder = await t.deps.db.query.orders.findFirst({ where: eq(orders.id, order.body.id) });
  const [charge] = await t.deps.db
    .insert(batchCharges)
    .values({
      batchId: batch!.id,
      amount: paidOrder!.total,
      currency: 'GBP',
      rowCount: 1,
      status: 'paid',
      priceValidUntil: new Date(),
      paidAt: new Date(),
      completedAt: new Date(),
    })
    .returning();
  await t.deps.db.insert(batchRows).values({
    id: order.body.id,
    batchId: batch!.id,
    position: 2,
    input: {},
    status: 'booked',
    errors: [],
    chargeId: charge!.id,
    amount: paidOrder!.total,
    orderId: order.body.id,
  });
  const [batchPayment] = await t.deps.db
    .insert(payments)
    .values({
      batchChargeId: charge!.id,
      provider: 'test',
      providerOrderId: `security-batch-${charge!.id}`,
      captureId: `security-batch-capture-${charge!.id}`,
      amount: paidOrder!.total,
      currency: 'GBP',
      status: 'captured',
      requestId: `batch-${charge!.id}`,
      capturedAt: new Date(),
    })
    .returning();
  await t.deps.db.insert(receipts).values({
    number: 900_001,
    paymentId: batchPayment!.id,
    amount: paidOrder!.total,
    currency: 'GBP',
    issuedAt: new Date(),
  });
  await t.deps.db.insert(orderCommissions).values({
    orderId: order.body.id,
    vendorId: paidOrder!.vendorId,
    paymentId: batchPayment!.id,
    currency: 'GBP',
    gross: paidOrder!.total,
    percentBp: 1000,
    fixed: 0,
    amount: Math.round(paidOrder!.total / 10),
    createdAt: new Date(),
  });

  // A payment of returns by partner A (its receipt needs a captured payment: see the matrix's skips).
  const [returnCharge] = await t.deps.db
    .insert(returnCharges)
    .values({ partnerId: partnerRow!.id, amount: 1000, currency: 'GBP', returnCount: 1, status: 'paid' })
    .returning();

  // A drop-off point of vendor A's service (the postcode centroids it is placed by, imported first).
  await importPlaces(t);
  const point = await publishPoint(t, t.bearer(vendorA.owner.accessToken), [vendorA.service.id]);

  return {
    admin: admin.accessToken,
    partnerA: partnerLogin.body.accessToken as string,
    customerA: customerA.accessToken,
    customerB: customerB.accessToken,
    vendorA: vendorA.owner.accessToken,
    vendorB: vendorB.owner.accessToken,
    pendingVendor: pending.session.accessToken,
    ids: {
      vendorA: vendorA.vendorId,
      serviceA: vendorA.service.id,
      serviceB: vendorB.service.id,
      quoteA: quote.id as string,
      orderA: order.body.id as string,
      trackingCodeA: trackingCode,
      jobA: job.body.id as string,
      customerA: customerA.user.id,
      documentA: documentId,
      partnerOrderA: (order.body.id as string).slice(-8),
      secretKeyA: secretKey.body.id as string,
      endpointA: endpoint.body.id as string,
      deliveryA: delivery!.id,
      reviewA: review!.id,
      dropOffPointA: point.id,
      returnChargeA: returnCharge!.id,
      claimA: claim!.id,
      adjustmentA: adjustment!.id,
      addressBookEntryA: entry!.id,
      savedParcelA: parcel!.id,
      batchA: batch!.id,
      batchRowA: batchRow!.id,
    },
  };
}

export type Cast = World['cast'];

/** Every row of every table but bookkeeping ones: a write that was refused must leave this unchanged. */
export async function snapshot(t: TestApp): Promise<string> {
  const tables = await t.deps.db.$client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
  );
  const skip = new Set(['rate_limits', 'idempotency_keys', 'outbox', 'catalog_version']);
  const parts: string[] = [];
  for (const row of tables.rows) {
    const name = String(row.name);
    if (skip.has(name)) continue;
    const rows = await t.deps.db.$client.execute(`SELECT * FROM "${name}" ORDER BY rowid`);
    parts.push(`${name}:${JSON.stringify(rows.rows)}`);
  }
  return parts.join('\n');
}
