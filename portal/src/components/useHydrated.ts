import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates the prerendered home page (and while prerendering), true after, and
 * true from the start on a page rendered in the browser alone. Parts that exist only in a browser
 * (toasts, the lazily loaded quote form) render behind it, so the prerendered HTML and the first
 * render in the browser agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
