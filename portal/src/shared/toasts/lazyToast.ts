import type { ToastOptions } from 'react-toastify';

/**
 * A toast from the code of the first screens (the quote form on the home and results pages,
 * the results themselves) without the toast library in their download: it is loaded on first use,
 * by which time ToastHost has usually loaded it already. Pages opened later import it directly.
 */
export function lazyToast(kind: 'info' | 'error' | 'success', message: string, options?: ToastOptions): void {
  void import('react-toastify').then(({ toast }) => toast[kind](message, options));
}
