/**
 * The events a partner page can subscribe to with `Consign('on', name, handler)` (and leave
 * with `Consign('off', name, handler)`).
 * Payloads are plain JSON-safe objects, so the same shapes can cross `postMessage`.
 */
export interface ConsignEventMap {
  /**
   * The widget is mounted and visible. Fired once per `init`, after the current batch of
   * queued commands has run, so an `on('ready')` queued after `init` still receives it.
   */
  ready: { mode: KeyMode };
  /**
   * The visitor submitted the quote form; the request is on its way to Consign.
   * `parcels` is the number of parcels in the request.
   */
  'quote:requested': { serviceType: ServiceType; parcels: number };
  /**
   * Consign answered with priced options. `options` is how many fit the parcel (0 when nothing
   * fits, in which case the visitor is offered to post a job); `expiresAt` is when the quote
   * lapses (ISO 8601).
   */
  'quote:results': { quoteId: string; options: number; expiresAt: string };
  /**
   * The visitor chose an option and is continuing to checkout on the Consign origin; the
   * partner page has nothing left to do. Account and payment steps never happen on the partner's
   * page.
   */
  'booking:handoff': { quoteId: string; optionId: string };
  /**
   * Something went wrong that the visitor was told about (a failed quote, a revoked key, an
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
  'booking:handoff',
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
