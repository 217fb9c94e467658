import type { ConsignEventMap } from './events';

/**
 * Messages between the widget on a partner page and Consign pages (checkout) on the Consign
 * origin. Both directions name one exact origin: the widget never posts with '*' (a partner page
 * may host other frames) and drops any message whose `event.origin` is not the Consign origin
 * character for character (no suffix or prefix matching, which lookalike domains defeat).
 */

/** Tags our messages so that unrelated traffic from the same origin (analytics, dev tools) is ignored. */
export const CONSIGN_SOURCE = 'consign';
export const WIDGET_SOURCE = 'consign-widget';

/** What Consign pages may send to the widget. */
export type InboundMessage =
  | { source: typeof CONSIGN_SOURCE; type: 'checkout:hello' }
  | { source: typeof CONSIGN_SOURCE; type: 'booking:completed'; detail: ConsignEventMap['booking:completed'] }
  | { source: typeof CONSIGN_SOURCE; type: 'booking:cancelled' };

/** What the widget sends to Consign pages. */
export type OutboundMessage = {
  source: typeof WIDGET_SOURCE;
  type: 'widget:context';
  detail: { publishableKey: string; pageOrigin: string };
};

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

/** Narrows untrusted message data (even our origin can be out of date) to a known message. */
export function readInbound(data: unknown): InboundMessage | null {
  if (!isRecord(data) || data.source !== CONSIGN_SOURCE) return null;
  switch (data.type) {
    case 'checkout:hello':
      return { source: CONSIGN_SOURCE, type: 'checkout:hello' };
    case 'booking:completed': {
      const total = isRecord(data.detail) ? data.detail.total : undefined;
      return hasStrings(data.detail, 'orderId', 'reference', 'currency') && Number.isInteger(total)
        ? {
            source: CONSIGN_SOURCE,
            type: 'booking:completed',
            detail: { ...pick(data.detail, 'orderId', 'reference', 'currency'), total: total as number },
          }
        : null;
    }
    case 'booking:cancelled':
      return { source: CONSIGN_SOURCE, type: 'booking:cancelled' };
    default:
      return null;
  }
}

/** Copies only the named fields, so partner handlers never see extra data smuggled into a message. */
function pick<K extends string>(value: unknown, ...keys: K[]): Record<K, string> {
  const source = value as Record<K, string>;
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = source[key];
  return out;
}

/**
 * Listens for messages from exactly `origin`, sent by a window `fromSource` accepts (the checkout
 * frame's own contentWindow: any other frame or tab on the Consign origin, such as one the page
 * opened itself, is not the checkout this widget started). `reply` answers that window,
 * addressed to the same origin.
 */
export function listen(
  win: Window,
  origin: string,
  fromSource: (source: MessageEventSource | null) => boolean,
  onMessage: (message: InboundMessage, reply: (message: OutboundMessage) => void) => void,
): () => void {
  const handler = (event: MessageEvent) => {
    if (event.origin !== origin || !fromSource(event.source)) return;
    const message = readInbound(event.data);
    if (!message) return;
    const source = event.source;
    const reply = (out: OutboundMessage) => {
      if (source && 'postMessage' in source) post(source as Window, origin, out);
    };
    onMessage(message, reply);
  };
  win.addEventListener('message', handler);
  return () => win.removeEventListener('message', handler);
}

export function post(target: Window, origin: string, message: OutboundMessage): void {
  target.postMessage(message, origin);
}
