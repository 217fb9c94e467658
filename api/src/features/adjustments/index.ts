/** The adjustments feature's public surface: other features and the app import nothing else of it. */
export { ADJUSTMENT_EVENTS, type AdjustmentRow } from './adjustments.change';
export { adjustmentMailSubscriber } from './adjustments.notify';
export { adjustmentPaymentTarget } from './adjustments.payment-target';
export { adjustmentsRouter } from './adjustments.router';
export { AdjustmentSchema } from './adjustments.schemas';
export { type AdjustmentDto, toAdjustmentDto } from './adjustments.service';
