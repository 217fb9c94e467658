/**
 * What a payment pays for. The payment core (create, capture, record, refund, webhooks,
 * reconciler) is the same for orders and jobs; what happens to the thing paid for when its
 * capture is recorded, and when its payment must go back, is the target's business.
 *
 * Orders are built in; jobs register theirs with registerPaymentTarget('job', …) from the jobs
 * feature (the reconcile script loads every feature, so the registration is in place there too).
 */
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import type { payments } from '../../db/schema';
import { orderPaymentTarget } from '../orders';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentKind = 'order' | 'job';
export type PaymentSubject = { kind: PaymentKind; id: string };

/** What recording a capture did to the target. */
export type CaptureFate =
  /** The target is now paid: run afterPaid (emails). */
  | 'paid'
  /** The target can no longer be fulfilled (cancelled, withdrawn): the payment is refunded. */
  | 'unfulfillable'
  /** Nothing to do (it was paid already). */
  | 'noop';

export interface PaymentTarget {
  /**
   * Runs inside the immediate transaction that marks the payment captured; whatever it writes
   * commits or rolls back with the capture record. Use `tx` only.
   */
  onCaptured(tx: Tx, payment: PaymentRow, now: Date): Promise<CaptureFate>;
  /** After the commit, when onCaptured said 'paid'. Failures are logged, not thrown. */
  afterPaid(deps: AppDeps, payment: PaymentRow): Promise<void>;
  /** Captured payments whose target cannot be fulfilled any more; the reconciler refunds them. */
  refundable(deps: AppDeps): Promise<PaymentRow[]>;
  /** The provider reports a full refund made outside Consign (e.g. in PayPal's dashboard). */
  onRefundedExternally(deps: AppDeps, payment: PaymentRow): Promise<void>;
}

const registered = new Map<PaymentKind, PaymentTarget>();

export function registerPaymentTarget(kind: Exclude<PaymentKind, 'order'>, target: PaymentTarget): void {
  registered.set(kind, target);
}

/** Looked up at call time, so modules that import each other need not be evaluated in order. */
export function paymentTargetFor(kind: PaymentKind): PaymentTarget {
  if (kind === 'order') return orderPaymentTarget;
  const target = registered.get(kind);
  if (!target) throw new Error(`No payment target is registered for ${kind} payments`);
  return target;
}

export function registeredPaymentTargets(): PaymentTarget[] {
  return [orderPaymentTarget, ...registered.values()];
}

export function subjectOf(payment: Pick<PaymentRow, 'orderId' | 'jobId'>): PaymentSubject {
  if (payment.orderId) return { kind: 'order', id: payment.orderId };
  if (payment.jobId) return { kind: 'job', id: payment.jobId };
  throw new Error('payment belongs to neither an order nor a job');
}
