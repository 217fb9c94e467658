/**
 * The partner page that framed this checkout. Its origin arrives as `?origin=` on the first load
 * and is kept for the session (the payment approval reloads the frame without it). Messages are
 * posted to that exact origin only, never '*'; the API's frame-ancestors has already made sure
 * the framing page is one of the partner's allowed origins.
 */
const KEY = 'consign-embed-parent';

export function rememberParentOrigin(value: string | null): void {
  if (!value) return;
  try {
    const url = new URL(value);
    if (url.origin === value && (url.protocol === 'https:' || url.protocol === 'http:')) {
      sessionStorage.setItem(KEY, value);
    }
  } catch {
    // Not an origin: nothing to remember.
  }
}

export function parentOrigin(): string | null {
  return window.parent !== window ? sessionStorage.getItem(KEY) : null;
}

export type CheckoutMessage =
  | { source: 'consign'; type: 'checkout:hello' }
  | {
      source: 'consign';
      type: 'booking:completed';
      detail: { orderId: string; reference: string; total: number; currency: string };
    }
  | { source: 'consign'; type: 'booking:cancelled' };

export function tellParent(message: CheckoutMessage): void {
  const origin = parentOrigin();
  if (origin) window.parent.postMessage(message, origin);
}
