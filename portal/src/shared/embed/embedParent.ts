import { type CheckoutMessage, parseOrigin } from '@consign/shared/checkout-messages';

/**
 * The partner page that framed this checkout. Its origin arrives as `?origin=` on the first load
 * and is kept for the session (the payment approval reloads the frame without it). Messages are
 * posted to that exact origin only, never '*'; the API's frame-ancestors has already made sure
 * the framing page is one of the partner's allowed origins.
 */
const KEY = 'consign-embed-parent';

export function rememberParentOrigin(value: string | null): void {
  if (!value) return;
  // Only an exact http(s) origin, as the API named it; anything else is not remembered.
  if (parseOrigin(value) === value) sessionStorage.setItem(KEY, value);
}

export function parentOrigin(): string | null {
  return window.parent !== window ? sessionStorage.getItem(KEY) : null;
}

/**
 * This page is the widget's checkout: framed, and either the checkout page itself or a step the
 * checkout led to (review, payment) in the same frame. The layout drops the site's chrome then.
 */
export function inCheckoutFrame(pathname: string): boolean {
  if (window.parent === window) return false;
  return pathname.startsWith('/embed/') || sessionStorage.getItem(KEY) !== null;
}

/** Tells the widget that opened this checkout (the protocol is @consign/shared/checkout-messages). */
export function tellParent(message: CheckoutMessage): void {
  const origin = parentOrigin();
  if (origin) window.parent.postMessage(message, origin);
}
