/**
 * What a payment pays for. The payment core (start, capture, record, refund, webhooks,
 * reconciler) is the same for orders and jobs; what happens to the thing paid for when its
 * capture is recorded, and when its payment must go back, is the target's business.
 *
 * Payments sit below orders and jobs: they import nothing of them. The composition root
 * (src/registrations.ts, called by createApp and by the reconcile script) registers one target
 * per kind at start-up, so no import runs in a circle and no module registers itself on import.
 */
import type { AppDeps } from '../../context';
import type { Database, Tx } from '../../db/client';
import type { payments } from '../../db/schema';
import type { PayeeShare } from '../ledger';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentKind = 'order' | 'job' | 'batch' | 'adjustment' | 'return_charge';
export type PaymentSubject = { kind: PaymentKind; id: string };

/** What recording a capture did to the target. */
export type CaptureFate =
  /** The target is now paid: run afterPaid. */
  | 'paid'
  /** The target can no longer be fulfilled (cancelled, withdrawn): the payment is refunded. */
  | 'unfulfillable'
  /** Nothing to do (it was paid already). */
  | 'noop';

export interface PaymentTarget {
  /**
   * Runs inside the immediate transaction that marks the payment captured; whatever it writes
   * (the target's change and its outbox events) commits or rolls back with the capture record.
   * Use `tx` only.
   */
  onCaptured(tx: Tx, payment: PaymentRow, now: Date): Promise<CaptureFate>;
  /**
   * Who earns the payment, asked in the same transaction right after onCaptured: the courier of
   * the order it paid for (one share, the whole amount), each row's courier for a batch's charge
   * (a share per order, summing to the payment), or none while nobody does yet (a job no courier
   * has accepted). The payment core writes the ledger entries from it.
   */
  payeesOf(tx: Tx, payment: PaymentRow): Promise<PayeeShare[]>;
  /**
   * Whether the subject still wants its approved payment taken (an order still awaiting payment).
   * The server's own capture paths (the buyer's return from the provider, the approval webhook,
   * the reconciler) ask before capturing, so money is not taken for something cancelled only to
   * be refunded at once.
   */
  awaitsCapture(db: Database, payment: PaymentRow): Promise<boolean>;
  /** After the commit, when onCaptured said 'paid'. Failures are logged, not thrown. */
  afterPaid?(deps: AppDeps, payment: PaymentRow): Promise<void>;
  /** Captured payments whose target cannot be fulfilled any more; the reconciler refunds them. */
  refundable(deps: AppDeps): Promise<PaymentRow[]>;
  /** Money went back (in full or in part): figures derived from what was paid start afresh. */
  onRefundChanged(db: Database | Tx, payment: PaymentRow): Promise<void>;
  /** The provider reports a full refund made outside Consign (e.g. in PayPal's dashboard). */
  onRefundedExternally(deps: AppDeps, payment: PaymentRow): Promise<void>;
}

const registered = new Map<PaymentKind, PaymentTarget>();

/** Called at start-up by the composition root; registering a kind again replaces its target. */
export function registerPaymentTarget(kind: PaymentKind, target: PaymentTarget): void {
  registered.set(kind, target);
}

/** Looked up at call time; a kind nobody registered is a wiring mistake, so it throws. */
export function paymentTargetFor(kind: PaymentKind): PaymentTarget {
  const target = registered.get(kind);
  if (!target) throw new Error(`No payment target is registered for ${kind} payments`);
  return target;
}

export function registeredPaymentTargets(): PaymentTarget[] {
  return [...registered.values()];
}

export function subjectOf(
  payment: Pick<PaymentRow, 'orderId' | 'jobId' | 'batchChargeId' | 'adjustmentId' | 'returnChargeId'>,
): PaymentSubject {
  if (payment.orderId) return { kind: 'order', id: payment.orderId };
  if (payment.adjustmentId) return { kind: 'adjustment', id: payment.adjustmentId };
  if (payment.jobId) return { kind: 'job', id: payment.jobId };
  if (payment.batchChargeId) return { kind: 'batch', id: payment.batchChargeId };
  if (payment.returnChargeId) return { kind: 'return_charge', id: payment.returnChargeId };
  throw new Error('payment belongs to no order, job, batch charge, adjustment or return charge');
}
