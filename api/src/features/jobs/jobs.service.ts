/**
 * Jobs (DESIGN §3; the specifications' "bids"): a customer names a price for a parcel and pays
 * it; vendors whose active services could carry the parcel see the job and one of them accepts
 * it, which turns it into a paid order. Payment goes through the shared payment core (the job
 * payment target is in jobs.payment-target.ts); orders are made with the orders feature's store.
 */
import { and, count, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import {
  courierServices,
  type JobStatus,
  jobs,
  type OrderAddress,
  orders,
  payments,
  type QuoteRequestRecord,
  users,
  vendors,
} from '../../db/schema';
import { ukToday } from '../../lib/dates';
import { AppError, type FieldError, zodFieldErrors } from '../../lib/errors';
import { POSTCODE_AREAS, parseUkPostcode } from '../../providers/distance';
import { INTERNATIONAL_DESTINATIONS } from '../meta/reference-data';
import { insertOrder, type OrderRow, orderReference, uniqueTrackingNumber } from '../orders/order-store';
import type { RefundNote } from '../orders/orders.emails';
import { OrdersService } from '../orders/orders.service';
import {
  capturePayment,
  ensureProviderPayment,
  findPayment,
  type PaymentRow,
  refundPayment,
} from '../payments/payments.service';
import { createDeliveryEstimator } from '../quotes/engine/delivery';
import type { CourierServiceRates } from '../quotes/engine/types';
import { QuoteRequestSchema } from '../quotes/quotes.schemas';
import { vendorOf } from '../vendors/vendors.service';
import {
  cannotCarryMessage,
  estimatedDeliveryFrom,
  evaluateForJob,
  servicesThatCanCarry,
  splitGross,
} from './jobs.matching';
import { jobAcceptedEmail, jobClosedEmail, notifyJobCustomer } from './jobs.notify';
import { type CreateJobBody, routeOf } from './jobs.schemas';

export type JobRow = typeof jobs.$inferSelect;
export type Viewer = { id: string };

/** An open job not accepted within this long expires and is refunded (DESIGN §3). */
export const JOB_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const JOB_TAKEN_MESSAGE = 'This job has already been taken';
export const JOB_UNAVAILABLE_MESSAGE = 'This job is no longer available';
export const JOB_NOT_FOUND = 'Job not found';

const countryName = (code: string) => INTERNATIONAL_DESTINATIONS.find((c) => c.code === code)?.name ?? code;

// -----------------------------------------------------------------------------------------------
// Wire shapes

const routeDto = (route: QuoteRequestRecord) => ({
  from: route.from ?? null,
  to: route.to ?? null,
  fromPostcode: route.fromPostcode ?? null,
  toPostcode: route.toPostcode ?? null,
});

export function toJobDto(job: JobRow, payment: PaymentRow | null | undefined, now: Date) {
  const live = job.expiresAt.getTime() > now.getTime();
  return {
    id: job.id,
    reference: orderReference(job.id),
    status: job.status,
    serviceType: job.serviceType,
    route: routeDto(job.route),
    parcels: job.route.parcels,
    collectionAddress: job.collectionAddress,
    deliveryAddress: job.deliveryAddress,
    collectionDate: job.collectionDate,
    contents: job.contents,
    contentValue: job.contentValue,
    customs: job.customs ?? null,
    items: job.items ?? null,
    notes: job.notes,
    askingPrice: { amount: job.askingPrice, currency: job.currency },
    orderId: job.orderId,
    payment: payment
      ? {
          provider: payment.provider,
          status: payment.status,
          capturedAt: payment.capturedAt?.toISOString() ?? null,
          refundedAt: payment.refundedAt?.toISOString() ?? null,
        }
      : null,
    actions: {
      pay: job.status === 'awaiting_payment' && live,
      withdraw: job.status === 'awaiting_payment' || job.status === 'open',
    },
    paidAt: job.paidAt?.toISOString() ?? null,
    expiresAt: job.expiresAt.toISOString(),
    acceptedAt: job.acceptedAt?.toISOString() ?? null,
    closedAt: job.closedAt?.toISOString() ?? null,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}

export type JobDto = ReturnType<typeof toJobDto>;

/** What vendors see before accepting: where and what, not who (names, streets, contacts). */
const placeOf = (a: OrderAddress) => ({
  town: a.town,
  county: a.county,
  postcode: a.postcode,
  country: a.country,
});

function toVendorJobDto(job: JobRow, services: readonly { id: string; name: string }[]) {
  return {
    id: job.id,
    reference: orderReference(job.id),
    serviceType: job.serviceType,
    route: routeDto(job.route),
    parcels: job.route.parcels,
    collection: placeOf(job.collectionAddress),
    delivery: placeOf(job.deliveryAddress),
    collectionDate: job.collectionDate,
    contents: job.contents,
    contentValue: job.contentValue,
    notes: job.notes,
    askingPrice: { amount: job.askingPrice, currency: job.currency },
    postedAt: (job.paidAt ?? job.createdAt).toISOString(),
    expiresAt: job.expiresAt.toISOString(),
    services: services.map((s) => ({ id: s.id, name: s.name })),
  };
}

// -----------------------------------------------------------------------------------------------

function encodeCursor(job: JobRow) {
  return Buffer.from(JSON.stringify([job.createdAt.getTime(), job.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [ms, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof ms === 'number' && Number.isSafeInteger(ms) && typeof id === 'string') {
      return { createdAt: new Date(ms), id };
    }
  } catch {
    // fall through to the problem below
  }
  throw AppError.validation([{ path: 'cursor', message: 'Not a cursor this list gave out' }]);
}

/** A UK address's postcode in its canonical form ("sw1a1aa" -> "SW1A 1AA"); others upper-cased. */
function normaliseAddress(address: OrderAddress): OrderAddress {
  const uk = address.country === 'GB' ? parseUkPostcode(address.postcode) : null;
  const { line2, ...rest } = address;
  return {
    ...rest,
    ...(line2 ? { line2 } : {}),
    postcode: uk ? uk.postcode : address.postcode.toUpperCase(),
  };
}

const nationOf = (postcode: string | undefined) => {
  const area = postcode ? parseUkPostcode(postcode)?.area : undefined;
  return area ? POSTCODE_AREAS[area]?.nation : undefined;
};

function closedConflict(job: JobRow): AppError {
  switch (job.status) {
    case 'accepted':
      return AppError.conflict(
        'This job has been accepted by a courier and is now an order; cancel the order instead',
        'job_accepted',
      );
    case 'withdrawn':
      return AppError.conflict('This job has been withdrawn', 'job_withdrawn');
    case 'expired':
      return AppError.conflict('This job has expired', 'job_expired');
    default:
      return AppError.conflict(`This job is ${job.status.replace('_', ' ')}`, 'job_state');
  }
}

/** Refunds a job's captured payment, if it has one; what the customer is told. */
async function refundJobPayment(deps: AppDeps, job: JobRow, reason: string): Promise<RefundNote> {
  const payment = await findPayment(deps.db, { kind: 'job', id: job.id });
  if (!payment || (payment.status !== 'captured' && payment.status !== 'refunded')) return null;
  const outcome = await refundPayment(deps, payment, reason);
  return outcome === 'refunded' ? 'refunded' : outcome === 'pending' ? 'refund_pending' : null;
}

// -----------------------------------------------------------------------------------------------
// The customer's side

export class JobsService {
  constructor(private readonly deps: AppDeps) {}

  /** Posts a job, awaiting payment of its asking price. */
  async create(viewer: Viewer, body: CreateJobBody): Promise<JobDto> {
    const { deps } = this;
    const now = deps.now();
    // The body schema has already checked the route with the quote rules; this gives its
    // normalised form (canonical postcodes, GB origin for international).
    const parsed = QuoteRequestSchema.safeParse(routeOf(body));
    if (!parsed.success) throw AppError.validation(zodFieldErrors(parsed.error));
    const route = parsed.data;
    const collection = normaliseAddress(body.collectionAddress);
    const delivery = normaliseAddress(body.deliveryAddress);
    const errors: FieldError[] = [];

    if (body.collectionDate < ukToday(now)) {
      errors.push({ path: 'collectionDate', message: 'Collection date cannot be before today' });
    }
    if (collection.country !== 'GB') {
      errors.push({
        path: 'collectionAddress.country',
        message: 'Parcels are collected in the United Kingdom (GB)',
      });
    }
    if (route.serviceType === 'international') {
      if (delivery.country !== route.to) {
        errors.push({
          path: 'deliveryAddress.country',
          message: `This job is for delivery to ${countryName(route.to)} (${route.to}); the delivery address must be there`,
        });
      }
      if (!body.customs) {
        errors.push({ path: 'customs', message: 'Customs details are required for international shipments' });
      }
      if (!body.items?.length) {
        errors.push({ path: 'items', message: 'Add at least one item to the breakdown of contents' });
      }
    } else {
      if (delivery.country !== 'GB') {
        errors.push({
          path: 'deliveryAddress.country',
          message: 'This is a UK delivery: the delivery address must be in the United Kingdom (GB)',
        });
      }
      if (body.customs) {
        errors.push({ path: 'customs', message: 'Customs details are only for international shipments' });
      }
      if (body.items?.length) {
        errors.push({
          path: 'items',
          message: 'The breakdown of contents is only for international shipments',
        });
      }
    }
    if (route.serviceType === 'same_day') {
      // A same-day job is a trip between these two postcodes; the addresses must be at its ends.
      const ends: [string, OrderAddress, string][] = [
        ['collectionAddress', collection, route.fromPostcode],
        ['deliveryAddress', delivery, route.toPostcode],
      ];
      for (const [path, address, postcode] of ends) {
        if (address.postcode !== postcode) {
          errors.push({
            path: `${path}.postcode`,
            message: `The same-day route starts or ends at ${postcode}`,
          });
        }
      }
    }
    if (errors.length) throw AppError.validation(errors);

    const record: QuoteRequestRecord = {
      serviceType: route.serviceType,
      parcels: route.parcels.map((p) => ({ ...p })),
    };
    if (route.serviceType === 'same_day') {
      record.fromPostcode = route.fromPostcode;
      record.toPostcode = route.toPostcode;
      // As a quote does: a postcode's nation, so nation-bound same-day services can match.
      const from = route.from ?? nationOf(route.fromPostcode);
      const to = route.to ?? nationOf(route.toPostcode);
      if (from) record.from = from;
      if (to) record.to = to;
    } else {
      record.from = route.from;
      record.to = route.to;
    }

    const international = route.serviceType === 'international';
    const [job] = await deps.db
      .insert(jobs)
      .values({
        customerId: viewer.id,
        status: 'awaiting_payment',
        serviceType: route.serviceType,
        route: record,
        collectionAddress: collection,
        deliveryAddress: delivery,
        collectionDate: body.collectionDate,
        contents: body.contents,
        contentValue: body.contentValue,
        customs: international ? (body.customs ?? null) : null,
        items: international ? (body.items ?? null) : null,
        notes: body.notes || null,
        askingPrice: body.askingPrice.amount,
        currency: body.askingPrice.currency,
        // Unpaid jobs lapse too; paying restarts the clock (see the payment target).
        expiresAt: new Date(now.getTime() + JOB_TTL_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!job) throw new Error('job insert returned nothing');
    return toJobDto(job, null, now);
  }

  async list(
    viewer: Viewer,
    query: { limit: number; cursor?: string | undefined; status?: JobStatus | undefined },
  ) {
    const { db } = this.deps;
    const mine = and(
      eq(jobs.customerId, viewer.id),
      query.status ? eq(jobs.status, query.status) : undefined,
    );
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const rows = await db
      .select()
      .from(jobs)
      .where(
        and(
          mine,
          after
            ? or(
                lt(jobs.createdAt, after.createdAt),
                and(eq(jobs.createdAt, after.createdAt), lt(jobs.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const [totals] = await db.select({ n: count() }).from(jobs).where(mine);
    const paid = page.length
      ? await db
          .select()
          .from(payments)
          .where(
            inArray(
              payments.jobId,
              page.map((j) => j.id),
            ),
          )
      : [];
    const byJob = new Map(paid.map((p) => [p.jobId, p]));
    const now = this.deps.now();
    return {
      items: page.map((j) => toJobDto(j, byJob.get(j.id), now)),
      nextCursor: rows.length > query.limit && page.length ? encodeCursor(page[page.length - 1]!) : null,
      total: totals?.n ?? 0,
    };
  }

  async get(viewer: Viewer, id: string): Promise<JobDto> {
    return this.dto(await this.loadOwn(viewer, id));
  }

  /** Withdraws an unpaid or open job; a paid one is refunded. */
  async withdraw(viewer: Viewer, id: string): Promise<JobDto> {
    const { deps } = this;
    const job = await this.loadOwn(viewer, id);
    const now = deps.now();
    // Conditional on the status, so a withdrawal racing a vendor's accept (or the expiry) loses
    // cleanly instead of withdrawing a job that has just become an order.
    const [withdrawn] = await deps.db
      .update(jobs)
      .set({ status: 'withdrawn', closedAt: now, updatedAt: now })
      .where(and(eq(jobs.id, job.id), inArray(jobs.status, ['awaiting_payment', 'open'])))
      .returning();
    if (!withdrawn) throw closedConflict(await this.loadOwn(viewer, id));
    // A payment captured after this point finds the job withdrawn and is refunded by the core.
    const refund = await refundJobPayment(deps, withdrawn, 'job withdrawn by the customer');
    if (job.status === 'open') {
      await notifyJobCustomer(
        deps,
        withdrawn,
        (to, link) => jobClosedEmail(to, withdrawn, refund, link),
        'job withdrawn',
      );
    }
    return this.dto(withdrawn);
  }

  /** Starts (or resumes) paying the asking price: one provider order per job. */
  async startPayment(viewer: Viewer, id: string) {
    const { deps } = this;
    const job = await this.loadOwn(viewer, id);
    this.assertPayable(job);
    const base = deps.config.publicUrl;
    const payment = await ensureProviderPayment(
      deps,
      { kind: 'job', id: job.id },
      {
        amount: job.askingPrice,
        currency: job.currency,
        description: `Consign job ${orderReference(job.id)}: ${job.contents}`,
        returnUrl: `${base}/payment?job=${encodeURIComponent(job.id)}&approved=1`,
        cancelUrl: `${base}/dashboard?job=${encodeURIComponent(job.id)}`,
      },
    );
    return {
      provider: payment.provider,
      providerOrderId: payment.providerOrderId,
      ...(payment.approveUrl ? { approveUrl: payment.approveUrl } : {}),
      ...(deps.payments.clientId ? { clientId: deps.payments.clientId } : {}),
    };
  }

  /** Captures the approved payment: the job opens to couriers. Safe to repeat. */
  async capture(viewer: Viewer, id: string): Promise<{ state: 'captured' | 'pending'; job: JobDto }> {
    const { deps } = this;
    const job = await this.loadOwn(viewer, id);
    const payment = await findPayment(deps.db, { kind: 'job', id: job.id });
    if (payment && (payment.status === 'captured' || payment.status === 'refunded')) {
      return { state: 'captured', job: await this.dto(job) };
    }
    this.assertPayable(job);
    if (!payment) {
      throw AppError.conflict(
        'Start the payment first: no payment exists for this job',
        'payment_not_started',
      );
    }
    const outcome = await capturePayment(deps, payment.id);
    return { state: outcome.state, job: await this.dto(await this.loadOwn(viewer, id)) };
  }

  private assertPayable(job: JobRow) {
    if (job.status === 'awaiting_payment') {
      if (job.expiresAt.getTime() <= this.deps.now().getTime()) {
        throw AppError.conflict('This job has expired; please post it again', 'job_expired');
      }
      return;
    }
    if (job.status === 'open' || job.status === 'accepted') {
      throw AppError.conflict('This job is paid already', 'job_already_paid');
    }
    throw closedConflict(job);
  }

  private async loadOwn(viewer: Viewer, id: string): Promise<JobRow> {
    const job = await this.deps.db.query.jobs.findFirst({
      where: and(eq(jobs.id, id), eq(jobs.customerId, viewer.id)),
    });
    if (!job) throw AppError.notFound(JOB_NOT_FOUND);
    return job;
  }

  private async dto(job: JobRow): Promise<JobDto> {
    const payment = await findPayment(this.deps.db, { kind: 'job', id: job.id });
    return toJobDto(job, payment, this.deps.now());
  }
}

// -----------------------------------------------------------------------------------------------
// The vendor's side

type ServiceRow = typeof courierServices.$inferSelect;

function ratesOf(row: ServiceRow, vendorName: string, vendorStatus: string): CourierServiceRates {
  return {
    id: row.id,
    vendorId: row.vendorId,
    vendorName,
    name: row.name,
    logoUrl: row.logoUrl,
    serviceType: row.serviceType,
    currency: row.currency,
    fromLocation: row.fromLocation,
    toLocation: row.toLocation,
    weightTiers: row.weightTiers,
    maxLengthCm: row.maxLengthCm,
    maxWidthCm: row.maxWidthCm,
    maxHeightCm: row.maxHeightCm,
    maxWeightKg: row.maxWeightKg,
    volumetricDivisor: row.volumetricDivisor,
    transitDays: row.transitDays,
    sameDay: row.sameDay,
    status: row.status,
    vendorStatus,
  };
}

export type AcceptResult = { created: boolean; order: Awaited<ReturnType<OrdersService['detail']>> };

export class VendorJobsService {
  constructor(private readonly deps: AppDeps) {}

  /**
   * Open jobs that at least one of the vendor's active services could carry, newest first.
   * A vendor that is not active sees none: its services are not in the quotable catalogue.
   */
  async listOpen(ownerId: string, query: { limit: number; page: number }) {
    const { deps } = this;
    const vendor = await vendorOf(deps, ownerId);
    const empty = { items: [], total: 0, page: query.page, limit: query.limit };
    if (vendor.status !== 'active') return empty;
    const services = (await deps.catalog.quotable()).filter((s) => s.vendorId === vendor.id);
    if (services.length === 0) return empty;

    const now = deps.now();
    // Filtered here rather than in SQL: the engine's route, limit and tier rules do not translate
    // to a query, and open jobs live 7 days at most, so the open set stays small.
    const open = await deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.status, 'open'), gt(jobs.expiresAt, now)))
      .orderBy(desc(jobs.paidAt), desc(jobs.id));
    const estimator = createDeliveryEstimator(now);
    const fitting = open.flatMap((job) => {
      const carriers = servicesThatCanCarry(job.route, services, now, estimator);
      return carriers.length ? [toVendorJobDto(job, carriers)] : [];
    });
    const start = (query.page - 1) * query.limit;
    return {
      items: fitting.slice(start, start + query.limit),
      total: fitting.length,
      page: query.page,
      limit: query.limit,
    };
  }

  /**
   * Accepts an open job with one of the vendor's services: the job becomes an order, pending
   * (it was paid through the job), with the job's asking price. Of two vendors accepting at
   * once, the conditional update lets exactly one win; the other gets 409.
   */
  async accept(ownerId: string, jobId: string, courierServiceId: string): Promise<AcceptResult> {
    const { deps } = this;
    const vendor = await vendorOf(deps, ownerId);
    const now = deps.now();
    const ordersService = new OrdersService(deps);
    // Jobs are open only to active vendors; to anyone else they do not exist.
    if (vendor.status !== 'active') throw AppError.notFound(JOB_NOT_FOUND);
    const job = await deps.db.query.jobs.findFirst({ where: eq(jobs.id, jobId) });
    if (!job || job.status === 'awaiting_payment') throw AppError.notFound(JOB_NOT_FOUND);
    const alreadyOurs = async (current: JobRow): Promise<AcceptResult | null> => {
      if (current.status !== 'accepted' || current.acceptedVendorId !== vendor.id || !current.orderId)
        return null;
      // A retry by the winner (a double click): the order it already made.
      const order = await deps.db.query.orders.findFirst({ where: eq(orders.id, current.orderId) });
      return order ? { created: false, order: await ordersService.detail(order, 'vendor') } : null;
    };
    const settled = async (current: JobRow): Promise<never> => {
      if (current.status === 'accepted') throw AppError.conflict(JOB_TAKEN_MESSAGE, 'job_taken');
      throw AppError.conflict(JOB_UNAVAILABLE_MESSAGE, 'job_unavailable');
    };
    const mine = await alreadyOurs(job);
    if (mine) return mine;
    if (job.status !== 'open' || job.expiresAt.getTime() <= now.getTime()) return settled(job);

    const [found] = await deps.db
      .select({ service: courierServices, shopName: vendors.shopName, ownerName: users.name })
      .from(courierServices)
      .innerJoin(vendors, eq(vendors.id, courierServices.vendorId))
      .innerJoin(users, eq(users.id, vendors.ownerId))
      .where(and(eq(courierServices.id, courierServiceId), eq(courierServices.vendorId, vendor.id)));
    if (!found) {
      throw AppError.validation([
        { path: 'courierServiceId', message: 'Choose one of your courier services' },
      ]);
    }
    const vendorName = found.shopName ?? found.ownerName ?? 'Courier';
    const evaluation = evaluateForJob(job.route, ratesOf(found.service, vendorName, vendor.status), now);
    if (!evaluation.ok) {
      throw AppError.validation([
        { path: 'courierServiceId', message: cannotCarryMessage(evaluation, job.serviceType) },
      ]);
    }

    const today = ukToday(now);
    // An order is never collected in the past; a job accepted after its date is collected today.
    // (Dates compare as YYYY-MM-DD strings.)
    let collectionDate = job.collectionDate;
    if (collectionDate < today) collectionDate = today;
    const { net, vat } = splitGross(job.askingPrice, job.serviceType);
    const order = await deps.db.transaction(
      async (tx): Promise<OrderRow | null> => {
        const [claimed] = await tx
          .update(jobs)
          .set({
            status: 'accepted',
            acceptedAt: now,
            acceptedVendorId: vendor.id,
            acceptedServiceId: found.service.id,
            updatedAt: now,
          })
          .where(and(eq(jobs.id, job.id), eq(jobs.status, 'open'), gt(jobs.expiresAt, now)))
          .returning();
        if (!claimed) return null;
        const created = await insertOrder(
          tx,
          {
            customerId: job.customerId,
            vendorId: vendor.id,
            courierServiceId: found.service.id,
            quoteOptionId: null,
            jobId: job.id,
            partnerId: null,
            status: 'pending',
            serviceType: job.serviceType,
            serviceName: found.service.name,
            vendorName,
            collectionAddress: job.collectionAddress,
            deliveryAddress: job.deliveryAddress,
            collectionDate,
            contents: job.contents,
            contentValue: job.contentValue,
            coverAmount: 0,
            coverFee: 0,
            customs: job.customs,
            items: job.items,
            notes: job.notes,
            parcels: job.route.parcels.map((p) => ({ ...p })),
            chargeableWeightKg: evaluation.option.chargeableWeightKg,
            estimatedDelivery: estimatedDeliveryFrom(
              collectionDate,
              job.serviceType,
              found.service.transitDays,
            ),
            currency: job.currency,
            net,
            vat,
            total: job.askingPrice,
            // Paid when the job was: the job's capture pays for this order.
            paidAt: job.paidAt ?? now,
            trackingNumber: await uniqueTrackingNumber(tx),
          },
          { id: ownerId, role: 'vendor' },
          now,
          `Accepted job ${orderReference(job.id)}`,
        );
        await tx.update(jobs).set({ orderId: created.id }).where(eq(jobs.id, job.id));
        return created;
      },
      { behavior: 'immediate' },
    );
    if (!order) {
      const current = await deps.db.query.jobs.findFirst({ where: eq(jobs.id, job.id) });
      if (!current) throw AppError.notFound(JOB_NOT_FOUND);
      const retried = await alreadyOurs(current);
      if (retried) return retried;
      return settled(current);
    }

    const accepted = { ...job, status: 'accepted' as const, orderId: order.id, acceptedAt: now };
    await notifyJobCustomer(
      deps,
      accepted,
      (to, link) => jobAcceptedEmail(to, accepted, order, link),
      'job accepted',
    );
    return { created: true, order: await ordersService.detail(order, 'vendor') };
  }
}

/** For the expiry: the refund and the customer's email after a job closed. */
export async function closeJobAftermath(deps: AppDeps, closed: JobRow, wasOpen: boolean, reason: string) {
  const refund = await refundJobPayment(deps, closed, reason);
  if (wasOpen) {
    await notifyJobCustomer(
      deps,
      closed,
      (to, link) => jobClosedEmail(to, closed, refund, link),
      `job ${closed.status}`,
    );
  }
  return refund;
}
