import {
  type CheckoutMessage,
  readCheckoutMessage,
  type WidgetMessage,
} from '@consign/shared/checkout-messages';

/**
 * The widget's side of the checkout protocol (@consign/shared/checkout-messages): listening to
 * the checkout frame and answering it. Both directions name one exact origin: the widget never
 * posts with '*' (a partner page may host other frames) and drops any message whose
 * `event.origin` is not the Consign origin character for character.
 */

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
  onMessage: (message: CheckoutMessage, reply: (message: WidgetMessage) => void) => void,
): () => void {
  const handler = (event: MessageEvent) => {
    if (event.origin !== origin || !fromSource(event.source)) return;
    const message = readCheckoutMessage(event.data);
    if (!message) return;
    const source = event.source;
    const reply = (out: WidgetMessage) => {
      if (source && 'postMessage' in source) post(source as Window, origin, out);
    };
    onMessage(message, reply);
  };
  win.addEventListener('message', handler);
  return () => win.removeEventListener('message', handler);
}

export function post(target: Window, origin: string, message: WidgetMessage): void {
  target.postMessage(message, origin);
}
