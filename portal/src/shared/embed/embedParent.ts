import { type CheckoutMessage, parseOrigin } from '@consign/shared/checkout-messages';

/**
 * The partner page that framed this checkout. Its origin arrives as `?origin=` on the first load
 * and is kept for the session (the payment approval reloads the frame without it). Messages are
 * posted to that exact origin only, never '*'; the API's frame-ancestors has already made sure
 * the framing page is one of the partner's allowed origins.
 *
 * A frame on a cross-site page may have no storage at all (Chromium denies sessionStorage to a
 * third-party frame when third-party cookies are blocked). Then the origin is kept in memory for
 * the steps inside this page load, and after the provider's redirect it is read from
 * `location.ancestorOrigins` (the browser's own record of who frames us; Firefox, which lacks it,
 * partitions storage instead of denying it).
 */
const KEY = 'consign-embed-parent';
let remembered: string | null = null;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberParentOrigin(value: string | null): void {
  if (!value) return;
  // Only an exact http(s) origin, as the API named it; anything else is not remembered.
  if (parseOrigin(value) !== value) return;
  remembered = value;
  try {
    storage()?.setItem(KEY, value);
  } catch {
    // Storage full or refused: the copy in memory serves this page load.
  }
}

function framingOrigin(): string | null {
  const ancestors = window.location.ancestorOrigins;
  return ancestors && ancestors.length > 0 ? parseOrigin(ancestors[0]) : null;
}

export function parentOrigin(): string | null {
  if (window.parent === window) return null;
  return remembered ?? storage()?.getItem(KEY) ?? framingOrigin();
}

/**
 * This page is the widget's checkout: framed, and either the checkout page itself or a step the
 * checkout led to (review, payment) in the same frame. The layout drops the site's chrome then.
 */
export function inCheckoutFrame(pathname: string): boolean {
  if (typeof window === 'undefined' || window.parent === window) return false;
  return pathname.startsWith('/embed/') || remembered !== null || storage()?.getItem(KEY) != null;
}

/** Tells the widget that opened this checkout (the protocol is @consign/shared/checkout-messages). */
export function tellParent(message: CheckoutMessage): void {
  const origin = parentOrigin();
  if (origin) window.parent.postMessage(message, origin);
}
