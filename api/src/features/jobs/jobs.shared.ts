import type { AppDeps } from '../../context';
import type { jobs, QuoteRequestRecord } from '../../db/schema';
import { statusInProse } from '../../domain/statuses';
import { AppError } from '../../lib/errors';
import { orderReference } from '../orders';
import type { RefundNote } from '../payments';
import { findPayment, type PaymentRow, paymentSummary, refundIfPaid } from '../payments';

export type JobRow = typeof jobs.$inferSelect;

/** An open job not accepted within this long expires and is refunded (docs/architecture.md §4). */
export const JOB_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const JOB_TAKEN_MESSAGE = 'This job has already been taken';
export const JOB_UNAVAILABLE_MESSAGE = 'This job is no longer available';
export const JOB_NOT_FOUND = 'Job not found';

// -----------------------------------------------------------------------------------------------
// Wire shapes

export const routeDto = (route: QuoteRequestRecord) => ({
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
export function closedConflict(job: JobRow): AppError {
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
      return AppError.conflict(`This job is ${statusInProse(job.status)}`, 'job_state');
  }
}

/** Refunds a job's captured payment, if it has one; what the customer is told. */
export async function refundJobPayment(deps: AppDeps, job: JobRow, reason: string): Promise<RefundNote> {
  return refundIfPaid(deps, await findPayment(deps.db, { kind: 'job', id: job.id }), reason);
}

/** For the expiry: the refund after a job closed (its email is an outbox subscriber). */
export async function closeJobAftermath(deps: AppDeps, closed: JobRow, reason: string) {
  return refundJobPayment(deps, closed, reason);
}
