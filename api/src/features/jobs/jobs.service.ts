/**
 * Jobs (DESIGN §3; the specifications' "bids"): a customer names a price for a parcel and pays
 * it; vendors whose active services could carry the parcel see the job and one of them accepts
 * it, which turns it into a paid order. Payment goes through the shared payment core (the job
 * payment target is in jobs.payment-target.ts); orders are made with the orders feature's store.
 */
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import {
  courierServices,
  type JobStatus,
  jobs,
  type OrderAddress,
  orders,
  type QuoteRequestRecord,
  users,
  vendors,
} from '../../db/schema';
import { ukToday } from '../../domain/uk-days';
import { AppError, zodFieldErrors } from '../../lib/errors';
import { publish } from '../../lib/outbox';
import { decodeCursor, nextCursor, olderThan } from '../../lib/pagination';
import { nationOfPostcode } from '../../providers/distance';
import { quotableService, vendorNameOf } from '../couriers';
import {
  insertOrder,
  normaliseAddress,
  type OrderRow,
  OrdersService,
  orderReference,
  shipmentErrors,
  uniqueTrackingNumber,
} from '../orders';
import type { RefundNote } from '../payments';
import {
  captureFor,
  findPayment,
  findPayments,
  type PaymentRow,
  paymentSummary,
  refundIfPaid,
  startPayment,
} from '../payments';
import type { CourierServiceRates } from '../quotes';
import { createDeliveryEstimator, deliveryDateFor, QuoteRequestSchema } from '../quotes';
import { vendorOf } from '../vendors';
import { cannotCarryMessage, evaluateForJob, servicesThatCanCarry, splitGross } from './jobs.matching';
import { JOB_EVENTS, type JobClosedData } from './jobs.notify';
import { type CreateJobBody, routeOf } from './jobs.schemas';

export type JobRow = typeof jobs.$inferSelect;
export type Viewer = { id: string };

/** An open job not accepted within this long expires and is refunded (DESIGN §3). */
export const JOB_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const JOB_TAKEN_MESSAGE = 'This job has already been taken';
export const JOB_UNAVAILABLE_MESSAGE = 'This job is no longer available';
export const JOB_NOT_FOUND = 'Job not found';

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
    payment: paymentSummary(payment),
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
  return refundIfPaid(deps, await findPayment(deps.db, { kind: 'job', id: job.id }), reason);
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
    const errors = shipmentErrors({
      serviceType: route.serviceType,
      fixedBy: 'job',
      destination: route.serviceType === 'international' ? route.to : '',
      collection,
      delivery,
      collectionDate: body.collectionDate,
      today: ukToday(now),
      customs: body.customs,
      items: body.items,
      // A same-day job is a trip between these two postcodes; the addresses must be at its ends.
      sameDay: {
        fromPostcode: route.serviceType === 'same_day' ? route.fromPostcode : undefined,
        toPostcode: route.serviceType === 'same_day' ? route.toPostcode : undefined,
        message: (postcode) => `The same-day route starts or ends at ${postcode}`,
      },
    });
    if (errors.length) throw AppError.validation(errors);

    const record: QuoteRequestRecord = {
      serviceType: route.serviceType,
      parcels: route.parcels.map((p) => ({ ...p })),
    };
    if (route.serviceType === 'same_day') {
      record.fromPostcode = route.fromPostcode;
      record.toPostcode = route.toPostcode;
      // As a quote does: a postcode's nation, so nation-bound same-day services can match.
      const from = route.from ?? nationOfPostcode(route.fromPostcode);
      const to = route.to ?? nationOfPostcode(route.toPostcode);
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
      .where(and(mine, olderThan(jobs, after)))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const [totals] = await db.select({ n: count() }).from(jobs).where(mine);
    const paid = await findPayments(
      db,
      'job',
      page.map((j) => j.id),
    );
    const byJob = new Map(paid.map((p) => [p.jobId, p]));
    const now = this.deps.now();
    return {
      items: page.map((j) => toJobDto(j, byJob.get(j.id), now)),
      nextCursor: nextCursor(rows, query.limit),
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
    const withdrawn = await deps.db.transaction(
      async (tx) => {
        const [row] = await tx
          .update(jobs)
          .set({ status: 'withdrawn', closedAt: now, updatedAt: now })
          .where(and(eq(jobs.id, job.id), inArray(jobs.status, ['awaiting_payment', 'open'])))
          .returning();
        if (row) {
          const data: JobClosedData = { jobId: row.id, status: 'withdrawn', wasOpen: job.status === 'open' };
          await publish(tx, JOB_EVENTS.closed, data, now);
        }
        return row;
      },
      { behavior: 'immediate' },
    );
    if (!withdrawn) throw closedConflict(await this.loadOwn(viewer, id));
    // A payment captured after this point finds the job withdrawn and is refunded by the core.
    await refundJobPayment(deps, withdrawn, 'job withdrawn by the customer');
    return this.dto(withdrawn);
  }

  /** Starts (or resumes) paying the asking price: one provider order per job. */
  async startPayment(viewer: Viewer, id: string, origin = this.deps.config.publicUrl) {
    const job = await this.loadOwn(viewer, id);
    this.assertPayable(job);
    const query = `job=${encodeURIComponent(job.id)}`;
    return startPayment(
      this.deps,
      { kind: 'job', id: job.id },
      {
        amount: job.askingPrice,
        currency: job.currency,
        description: `Consign job ${orderReference(job.id)}: ${job.contents}`,
        returnUrl: `${origin}/payment?${query}&approved=1`,
        cancelUrl: `${origin}/dashboard?${query}`,
      },
      origin,
    );
  }

  /** Captures the approved payment: the job opens to couriers. Safe to repeat. */
  async capture(viewer: Viewer, id: string): Promise<{ state: 'captured' | 'pending'; job: JobDto }> {
    const job = await this.loadOwn(viewer, id);
    const state = await captureFor(this.deps, {
      subject: { kind: 'job', id: job.id },
      noun: 'job',
      settled: ['captured', 'refunded'],
      assertPayable: () => this.assertPayable(job),
    });
    return { state, job: await this.dto(await this.loadOwn(viewer, id)) };
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

/**
 * The service as the quote engine reads it, with both statuses, so the engine itself refuses an
 * inactive service here (the catalogue holds only active ones; this row is read directly).
 */
function ratesOf(row: ServiceRow, vendorName: string, vendorStatus: string): CourierServiceRates {
  return { ...quotableService(row, vendorName), status: row.status, vendorStatus };
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
    const vendorName = vendorNameOf(found.shopName, found.ownerName);
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
            estimatedDelivery: deliveryDateFor(
              job.serviceType,
              found.service.transitDays,
              collectionDate,
              now,
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
        await publish(tx, JOB_EVENTS.accepted, { jobId: job.id, orderId: created.id }, now);
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

    return { created: true, order: await ordersService.detail(order, 'vendor') };
  }
}

/** For the expiry: the refund after a job closed (its email is an outbox subscriber). */
export async function closeJobAftermath(deps: AppDeps, closed: JobRow, reason: string) {
  return refundJobPayment(deps, closed, reason);
}
