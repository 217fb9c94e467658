/**
 * The message protocol between the widget on a partner page and the checkout it opens on the
 * Consign origin (the portal's /embed/checkout). One module for both sides, so a message one
 * side sends is a message the other side reads.
 *
 * Both directions name one exact origin: neither side posts with '*' (a partner page may host
 * other frames), and the widget drops any message whose `event.origin` is not the Consign origin
 * character for character (no suffix or prefix matching, which lookalike domains defeat).
 */

/** Tags our messages so that unrelated traffic from the same origin (analytics, dev tools) is ignored. */
export const CONSIGN_SOURCE = 'consign';
export const WIDGET_SOURCE = 'consign-widget';

/** The booking the checkout completed; `total` is in minor units of `currency`. */
export type BookingCompletedDetail = { orderId: string; reference: string; total: number; currency: string };

/**
 * The booked order for the widget's own "Booked" state, never for partner handlers: the signed
 * link's token (the widget builds the link on the Consign origin it knows) and, when the checkout
 * could read it, the order in a few words, towns only (docs/widget.md, "After the booking").
 */
export type BookedOrder = {
  token: string;
  summary?: {
    serviceName: string;
    vendorName: string;
    /** ISO date. */
    collectionDate: string;
    from: string;
    to: string;
  };
};

/** What the Consign checkout sends to the widget that opened it. */
export type CheckoutMessage =
  | { source: typeof CONSIGN_SOURCE; type: 'checkout:hello' }
  | { source: typeof CONSIGN_SOURCE; type: 'payment:approved'; detail: { orderId: string } }
  | {
      source: typeof CONSIGN_SOURCE;
      type: 'booking:completed';
      detail: BookingCompletedDetail;
      order?: BookedOrder;
    }
  | { source: typeof CONSIGN_SOURCE; type: 'booking:cancelled' }
  | { source: typeof CONSIGN_SOURCE; type: 'checkout:escape' };

/** What the widget sends to the checkout. */
export type WidgetMessage = {
  source: typeof WIDGET_SOURCE;
  type: 'widget:context';
  detail: { publishableKey: string; pageOrigin: string };
};

/** The checkout has loaded and can hear the widget. */
export const checkoutHello = (): CheckoutMessage => ({ source: CONSIGN_SOURCE, type: 'checkout:hello' });

/**
 * The visitor approved the payment at the provider; Consign takes it from here (the checkout, the
 * provider's webhook or the reconciler captures it), so closing the checkout now is not a
 * cancellation. Not a partner event: `booking:completed` follows when the capture is recorded.
 */
export const paymentApproved = (orderId: string): CheckoutMessage => ({
  source: CONSIGN_SOURCE,
  type: 'payment:approved',
  detail: { orderId },
});

/**
 * The visitor paid: the widget fires its `booking:completed` event with `detail` alone, and shows
 * `order` (the signed link and summary) in its "Booked" state.
 */
export function bookingCompleted(detail: BookingCompletedDetail, order?: BookedOrder): CheckoutMessage {
  const booked = order ? readBookedOrder(order) : null;
  return {
    source: CONSIGN_SOURCE,
    type: 'booking:completed',
    detail: {
      orderId: detail.orderId,
      reference: detail.reference,
      total: detail.total,
      currency: detail.currency,
    },
    ...(booked ? { order: booked } : {}),
  };
}

/** A signed link token's characters (base64url halves joined by a dot), so it is safe in a URL as is. */
const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const SUMMARY_KEYS = ['serviceName', 'vendorName', 'collectionDate', 'from', 'to'] as const;

function readBookedOrder(value: unknown): BookedOrder | null {
  if (
    !isRecord(value) ||
    typeof value.token !== 'string' ||
    !TOKEN.test(value.token) ||
    value.token.length > 512
  ) {
    return null;
  }
  const summary = hasStrings(value.summary, ...SUMMARY_KEYS)
    ? pick(value.summary, ...SUMMARY_KEYS)
    : undefined;
  return summary ? { token: value.token, summary } : { token: value.token };
}

/** The visitor left the checkout before paying. */
export const bookingCancelled = (): CheckoutMessage => ({
  source: CONSIGN_SOURCE,
  type: 'booking:cancelled',
});

/**
 * The visitor pressed Escape inside the checkout frame, where the widget's own key handler cannot
 * hear it (a frame's keys stay in the frame): the widget closes the modal as its Close button does.
 */
export const checkoutEscape = (): CheckoutMessage => ({ source: CONSIGN_SOURCE, type: 'checkout:escape' });

/**
 * Accepts `https://host[:port]` (a trailing slash is tolerated) and returns the serialised origin;
 * anything with a path, query, credentials or another scheme is refused, because a value like
 * `https://consign.example/evil` would otherwise be silently cut down to a different meaning.
 */
export function parseOrigin(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  return url.origin;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const hasStrings = (value: unknown, ...keys: string[]): boolean =>
  isRecord(value) && keys.every((key) => typeof value[key] === 'string');

/** Copies only the named fields, so partner handlers never see extra data smuggled into a message. */
function pick<K extends string>(value: unknown, ...keys: K[]): Record<K, string> {
  const source = value as Record<K, string>;
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = source[key];
  return out;
}

/** Narrows untrusted message data (even our origin can be out of date) to a known checkout message. */
export function readCheckoutMessage(data: unknown): CheckoutMessage | null {
  if (!isRecord(data) || data.source !== CONSIGN_SOURCE) return null;
  switch (data.type) {
    case 'checkout:hello':
      return checkoutHello();
    case 'payment:approved':
      return hasStrings(data.detail, 'orderId')
        ? paymentApproved((data.detail as { orderId: string }).orderId)
        : null;
    case 'booking:completed': {
      const total = isRecord(data.detail) ? data.detail.total : undefined;
      if (!(hasStrings(data.detail, 'orderId', 'reference', 'currency') && Number.isInteger(total)))
        return null;
      // A malformed order part costs the summary, never the booking event.
      const order = readBookedOrder(data.order);
      return {
        source: CONSIGN_SOURCE,
        type: 'booking:completed',
        detail: { ...pick(data.detail, 'orderId', 'reference', 'currency'), total: total as number },
        ...(order ? { order } : {}),
      };
    }
    case 'booking:cancelled':
      return bookingCancelled();
    case 'checkout:escape':
      return checkoutEscape();
    default:
      return null;
  }
}
