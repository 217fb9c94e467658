/** The booking form's drop-off part: its rule and what it adds to the order's body. */
import { type Handover, needsDropOffPoint, takesDropOff } from '@consign/shared/handover';
import type { BookingValues } from '../booking-form/formValues';

export const CHOOSE_POINT = 'Choose a drop-off point';

/** Whether this booking hands the parcel over at a point: always, never, or as the customer chose. */
export function dropsOff(values: Pick<BookingValues, 'handoverChoice'>, handover: Handover): boolean {
  if (!takesDropOff(handover)) return false;
  return needsDropOffPoint(handover) || values.handoverChoice === 'drop_off';
}

export function dropOffErrors(values: BookingValues, handover: Handover): Record<string, string> {
  return dropsOff(values, handover) && !values.dropOffPointId ? { dropOffPointId: CHOOSE_POINT } : {};
}

/** `{ dropOffPointId }` when the parcel is dropped off, else nothing. */
export function dropOffBody(values: BookingValues, handover: Handover): { dropOffPointId?: string } {
  return dropsOff(values, handover) && values.dropOffPointId ? { dropOffPointId: values.dropOffPointId } : {};
}
