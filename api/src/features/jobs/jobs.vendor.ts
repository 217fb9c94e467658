/**
 * Jobs, the vendor's side: the open jobs a vendor's active services could carry, and accepting
 * one, which turns it into a paid order (pending) with the orders feature's store.
 */ import { and, desc, eq, gt } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import { courierServices, jobs, type OrderAddress, orders, payments, users, vendors } from '../../db/schema';
import { collectionDateProblem, collectionDay } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import { quotableService, vendorNameOf } from '../couriers';
import { assignPayment } from '../ledger';
import { insertOrder, type OrderRow, OrdersService, orderReference, uniqueTrackingNumber } from '../orders';
import type { CourierServiceRates } from '../quotes';
import { createDeliveryEstimator, deliveryDateFor } from '../quotes';
import { vendorOf } from '../vendors';
import { moveJob } from './jobs.change';
import { cannotCarryMessage, evaluateForJob, servicesThatCanCarry, splitGross } from './jobs.matching';

import {
  JOB_NOT_FOUND,
  JOB_TAKEN_MESSAGE,
  JOB_UNAVAILABLE_MESSAGE,
  type JobRow,
  routeDto,
} from './jobs.shared';

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

    // An order is never collected on a day no booking could ask for: a job accepted after its
    // date (or after that day's cut-off) is collected on the first collection day from now.
    const collectionDate = collectionDateProblem(job.collectionDate, now)
      ? collectionDay(now)
      : job.collectionDate;
    const { net, vat } = splitGross(job.askingPrice, job.serviceType);
    // The order the job becomes, made with the move (alongside).
    let order = null as OrderRow | null;
    const move = await deps.db.transaction(
      (tx) =>
        moveJob(
          tx,
          {
            jobId: job.id,
            to: 'accepted',
            actor: 'vendor',
            where: gt(jobs.expiresAt, now),
            set: { acceptedVendorId: vendor.id, acceptedServiceId: found.service.id },
            alongside: async (tx: Tx) => {
              order = await insertOrder(
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
              const [withOrder] = await tx
                .update(jobs)
                .set({ orderId: order.id })
                .where(eq(jobs.id, job.id))
                .returning();
              // The job's money, held unassigned since it was paid, becomes the courier's with the order.
              const payment = await tx.query.payments.findFirst({ where: eq(payments.jobId, job.id) });
              if (payment) {
                await assignPayment(tx, {
                  paymentId: payment.id,
                  payee: { vendorId: vendor.id, orderId: order.id },
                  currency: payment.currency,
                  commission: deps.config.finance.commission,
                  now,
                });
              }
              return withOrder;
            },
          },
          now,
        ),
      { behavior: 'immediate' },
    );
    if (!move.moved || !order) {
      const current = await deps.db.query.jobs.findFirst({ where: eq(jobs.id, job.id) });
      if (!current) throw AppError.notFound(JOB_NOT_FOUND);
      const retried = await alreadyOurs(current);
      if (retried) return retried;
      return settled(current);
    }

    return { created: true, order: await ordersService.detail(order, 'vendor') };
  }
}
