/**
 * The events a partner page can subscribe to with `Consign('on', name, handler)` (and leave
 * with `Consign('off', name, handler)`).
 * Payloads are plain JSON-safe objects, so the same shapes can cross `postMessage`.
 */
export interface ConsignEventMap {
  /**
   * The widget is mounted and Consign accepted the key on this page. Fired once per `quote`
   * mount, after Consign answered (so an `on('ready')` queued after `quote` still receives it).
   * When Consign refuses the key or the page's origin, or cannot be reached, `error` fires
   * instead, the console says why, and the shopper sees only "Quotes are unavailable".
   */
  ready: { mode: KeyMode };
  /** The visitor submitted the quote form. `parcels` is the number of parcels asked for. */
  'quote:requested': { serviceType: ServiceType; parcels: number };
  /**
   * Consign answered. `options` is how many services fit (0: nothing fits); `expiresAt` is when
   * the prices lapse (ISO 8601).
   */
  'quote:results': { quoteId: string; options: number; expiresAt: string };
  /** The visitor pressed Book on an option; the checkout opened in a modal on the Consign origin. */
  'booking:started': { quoteId: string; optionId: string };
  /**
   * The visitor paid: Consign captured the payment. `total` is in minor units (pence) of
   * `currency`; `reference` is what the customer sees. Fires even when the visitor closed the
   * checkout after approving the payment (the capture finishes without them).
   */
  'booking:completed': { orderId: string; reference: string; total: number; currency: string };
  /** The visitor closed the checkout before approving the payment (never after approving it). */
  'booking:cancelled': { quoteId: string; optionId: string };
  /**
   * Something went wrong that the visitor was told about (a failed quote, a refused key, an
   * unreachable Consign). `code` is stable for programs; `message` is for people.
   */
  error: { code: string; message: string };
}

export type ConsignEventName = keyof ConsignEventMap;
export type ConsignEventHandler<E extends ConsignEventName> = (detail: ConsignEventMap[E]) => void;

export type KeyMode = 'test' | 'live';
export type ServiceType = 'domestic' | 'international' | 'same_day';

export const EVENT_NAMES: readonly ConsignEventName[] = [
  'ready',
  'quote:requested',
  'quote:results',
  'booking:started',
  'booking:completed',
  'booking:cancelled',
  'error',
];

export function isEventName(value: unknown): value is ConsignEventName {
  return typeof value === 'string' && (EVENT_NAMES as readonly string[]).includes(value);
}

type Handlers = { [E in ConsignEventName]?: Set<ConsignEventHandler<E>> };

/** Keeps the partner's handlers; a handler that throws is reported and never stops the others. */
export class EventHub {
  private handlers: Handlers = {};

  constructor(private readonly warn: (message: string, ...details: unknown[]) => void) {}

  on<E extends ConsignEventName>(event: E, handler: ConsignEventHandler<E>): void {
    this.handlersOf(event).add(handler);
  }

  off<E extends ConsignEventName>(event: E, handler: ConsignEventHandler<E>): void {
    this.handlersOf(event).delete(handler);
  }

  emit<E extends ConsignEventName>(event: E, detail: ConsignEventMap[E]): void {
    // A copy: a handler may call on/off while we iterate.
    for (const handler of [...this.handlersOf(event)]) {
      try {
        handler(detail);
      } catch (err) {
        this.warn(`A handler for "${event}" threw; the widget carries on.`, err);
      }
    }
  }

  private handlersOf<E extends ConsignEventName>(event: E): Set<ConsignEventHandler<E>> {
    // One set per event name; the map's per-key typing is lost on a generic key, hence the cast.
    const existing = this.handlers[event] as Set<ConsignEventHandler<E>> | undefined;
    if (existing) return existing;
    const created = new Set<ConsignEventHandler<E>>();
    (this.handlers as Record<string, unknown>)[event] = created;
    return created;
  }
}
