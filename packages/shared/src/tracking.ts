/**
 * How a parcel's progress reads to the people waiting for it: the tracking events a courier adds,
 * the driver and time window it gives with "out for delivery", and the headline and the line
 * under it ("Out for delivery today, 10:00–12:00"; "Expected Wed, 2 Dec 2026"). One wording for
 * the recipient's emails, the public tracking page and the customer's order drawer
 * (docs/api.md, "Tracking events").
 */
import { formatCalendarDay } from './dates';
import { ORDER_STATUS_FACTS, type OrderStatus } from './statuses';

/**
 * What a courier adds to an order's timeline without moving its status: the moments recipients
 * ask about most between "in transit" and "delivered".
 */
export const TRACKING_EVENT_KINDS = [
  'out_for_delivery',
  'delivery_attempted',
  'delayed',
  'exception',
] as const;
export type TrackingEventKind = (typeof TRACKING_EVENT_KINDS)[number];

/** The line each event adds to the timeline, without a driver or window. */
export const EVENT_LINES: Record<TrackingEventKind, string> = {
  out_for_delivery: 'Out for delivery: the driver has the parcel on today’s round',
  delivery_attempted: 'The driver tried to deliver but could not',
  delayed: 'Delayed',
  exception: 'A problem with the delivery: the courier is dealing with it',
};

/**
 * What a courier may say with "out for delivery": the driver's first name and the time window of
 * the round, 24-hour 'HH:MM' UK times. Shown to anyone with the tracking code, so a name only.
 */
export type DeliveryRound = {
  driverName: string | null;
  windowFrom: string | null;
  windowTo: string | null;
};

export const NO_ROUND: DeliveryRound = { driverName: null, windowFrom: null, windowTo: null };
export const DRIVER_NAME_MAX = 40;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Why a driver or window cannot go with this event, at its field, or null. `kind` null: not an
 * event at all (a CSV row that changes a status), which takes no driver or window either.
 */
export function deliveryRoundProblem(
  kind: TrackingEventKind | null,
  round: Partial<DeliveryRound>,
): { path: keyof DeliveryRound; message: string } | null {
  const driverName = round.driverName?.trim() ?? '';
  const { windowFrom, windowTo } = round;
  if (kind !== 'out_for_delivery') {
    if (driverName) return { path: 'driverName', message: 'Only “out for delivery” names the driver' };
    if (windowFrom || windowTo)
      return {
        path: windowFrom ? 'windowFrom' : 'windowTo',
        message: 'Only “out for delivery” has a time window',
      };
    return null;
  }
  if (driverName.length > DRIVER_NAME_MAX)
    return { path: 'driverName', message: `The driver’s name must be at most ${DRIVER_NAME_MAX} characters` };
  for (const path of ['windowFrom', 'windowTo'] as const) {
    const value = round[path];
    if (value && !TIME_OF_DAY.test(value))
      return { path, message: 'Give a time of day as 24-hour HH:MM, such as 10:00' };
  }
  if (windowFrom && !windowTo) return { path: 'windowTo', message: 'Give the end of the time window too' };
  if (windowTo && !windowFrom)
    return { path: 'windowFrom', message: 'Give the start of the time window too' };
  if (windowFrom && windowTo && windowFrom >= windowTo)
    return { path: 'windowTo', message: 'The window must end after it starts' };
  return null;
}

/** '10:00–12:00', or null without a whole window. */
export function formatWindow(round: DeliveryRound): string | null {
  return round.windowFrom && round.windowTo ? `${round.windowFrom}–${round.windowTo}` : null;
}

/** A window as formatWindow writes it, found again in a sentence. */
const WINDOW_IN_TEXT = /\d{2}:\d{2}–\d{2}:\d{2}/g;

/**
 * A sentence cut around each time window it holds ('Out for delivery today, ' and '10:00–12:00'),
 * so a page can keep a window whole: a browser may otherwise break the line after its dash.
 */
export function windowParts(text: string): { text: string; window: boolean }[] {
  const parts: { text: string; window: boolean }[] = [];
  let from = 0;
  for (const match of text.matchAll(WINDOW_IN_TEXT)) {
    if (match.index > from) parts.push({ text: text.slice(from, match.index), window: false });
    parts.push({ text: match[0], window: true });
    from = match.index + match[0].length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), window: false });
  return parts;
}

/** 'With driver Sam, 10:00–12:00', 'With driver Sam', '10:00–12:00', or null. */
export function describeRound(round: DeliveryRound): string | null {
  const window = formatWindow(round);
  const driver = round.driverName?.trim();
  if (driver) return window ? `With driver ${driver}, ${window}` : `With driver ${driver}`;
  return window;
}

/** An event's line on the timeline: out for delivery says the driver and window the courier gave. */
export function eventLine(kind: TrackingEventKind, round: DeliveryRound = NO_ROUND): string {
  const said = kind === 'out_for_delivery' ? describeRound(round) : null;
  return said ? `Out for delivery: ${said.charAt(0).toLowerCase()}${said.slice(1)}` : EVENT_LINES[kind];
}

/** 'Out for delivery today, 10:00–12:00' (the window when the courier gave one). */
export function outForDeliveryToday(round: DeliveryRound): string {
  const window = formatWindow(round);
  return window ? `Out for delivery today, ${window}` : 'Out for delivery today';
}

export type TrackingState = {
  status: OrderStatus;
  /** The newest entry of the timeline, when it is a tracking event; `day` its UK date (YYYY-MM-DD). */
  latestEvent: { kind: TrackingEventKind; day: string; round: DeliveryRound } | null;
  /** The courier's revised date after a delay, else the date promised at booking (YYYY-MM-DD). */
  promisedDelivery: string | null;
  delayed: boolean;
  /** Today in the UK (YYYY-MM-DD). */
  today: string;
  /** When it was delivered, as people read it ('Mon, 30 Nov 2026, 11:02'); with `delivered`. */
  deliveredAt: string | null;
};

/** The headline of a parcel's progress and the one line under it, or null for no line. */
export type TrackingSummary = { headline: string; line: string | null };

const dayText = (date: string) => formatCalendarDay(new Date(`${date}T00:00:00Z`));

/** When it should come: the promised day, said as late when it has passed without a delivery. */
function expectation(state: TrackingState): string | null {
  const promised = state.promisedDelivery;
  if (!promised) return null;
  if (promised < state.today)
    return `Was expected ${dayText(promised)}: the courier has not given a new date`;
  return state.delayed ? `Delayed: now expected ${dayText(promised)}` : `Expected ${dayText(promised)}`;
}

/**
 * The headline and line for each state: delivered says when; cancelled says so; out for delivery
 * today says the window and driver instead of the promised day (which would contradict it); a
 * round from an earlier day, an attempt, a delay or a problem fall back to the promised day;
 * before that, the status's headline and the promised day.
 */
export function trackingSummary(state: TrackingState): TrackingSummary {
  const facts = ORDER_STATUS_FACTS[state.status];
  if (state.status === 'delivered')
    return { headline: facts.headline, line: state.deliveredAt ? `Delivered ${state.deliveredAt}` : null };
  if (state.status === 'cancelled') return { headline: facts.headline, line: 'This delivery was cancelled.' };
  const latest = facts.stage === 'on_its_way' ? state.latestEvent : null;
  if (latest?.kind === 'out_for_delivery' && latest.day === state.today) {
    const driver = latest.round.driverName?.trim();
    return { headline: outForDeliveryToday(latest.round), line: driver ? `With driver ${driver}` : null };
  }
  if (latest?.kind === 'delivery_attempted') {
    const when = latest.day === state.today ? 'today' : dayText(latest.day);
    return { headline: `The driver tried to deliver ${when}`, line: expectation(state) };
  }
  return { headline: facts.headline, line: expectation(state) };
}
