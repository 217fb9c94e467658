/**
 * Toasts belong to the page they were raised on: when the person moves to another page, the old
 * page's toasts go away instead of covering the new one. A toast that announces the outcome of
 * the action that moves them on ("Business details saved", then the panel opens) is raised with
 * FOR_NEXT_PAGE and belongs to the page it leads to.
 *
 * This file only keeps the current page, so that it costs nothing before the toast library
 * (loaded after the first paint, see ToastHost) arrives; ToastHost does the dismissing.
 */
import type { ToastOptions } from 'react-toastify';

/** Marks a toast raised just before navigating: it is shown on the destination page. */
export const FOR_NEXT_PAGE: ToastOptions<{ forNextPage: true }> = { data: { forNextPage: true } };

type PageListener = (pathname: string) => void;

let currentPage = typeof window === 'undefined' ? '' : window.location.pathname;
const listeners = new Set<PageListener>();

/** Called by the layout whenever the path changes (a new search string is the same page). */
export function enterPage(pathname: string): void {
  if (pathname === currentPage) return;
  currentPage = pathname;
  for (const listener of listeners) listener(pathname);
}

export function pageNow(): string {
  return currentPage;
}

export function onPageChange(listener: PageListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
