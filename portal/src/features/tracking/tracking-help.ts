import { formatWindow, type TrackingState } from '@consign/shared/tracking';

/**
 * The help card's advice for where the parcel is now, beside the headline the shared wording gives
 * (trackingSummary): the estimate it speaks of is the one on show, the driver's window when the
 * parcel is out today, never a day beside a parcel that is out, delivered or cancelled. Null when
 * delivered: the page then gives its own advice, with a link to start a return.
 */
export function trackingHelp(state: TrackingState): string | null {
  if (state.status === 'delivered') return null;
  if (state.status === 'cancelled')
    return 'This delivery was cancelled, so nothing more will come. The sender can tell you why.';
  const latest = state.latestEvent;
  if (latest?.kind === 'delivery_attempted')
    return 'The driver could not deliver. The courier will try again or tell the sender where to collect it.';
  // The loss claim notice beside it says what can be done meanwhile: no "nothing to do yet" here.
  if (latest?.kind === 'exception')
    return 'Something held the parcel up. The courier is dealing with it and will move it on.';
  if (latest?.kind === 'out_for_delivery' && latest.day === state.today) {
    return formatWindow(latest.round)
      ? 'The time window is the courier’s estimate for today’s round: the driver may come a little earlier or later.'
      : 'The driver has the parcel on today’s round; the courier has not given a time.';
  }
  const promised = state.promisedDelivery;
  if (!promised) return 'The courier has not given an expected day yet; it shows here once they do.';
  if (promised < state.today)
    return 'The expected day has passed and the courier has not given a new one: contact them with the tracking code.';
  if (state.delayed)
    return 'The new day is the courier’s estimate after the delay; it moves here again if they report another.';
  return 'The expected day is the courier’s estimate; it moves here if the courier reports a delay.';
}
