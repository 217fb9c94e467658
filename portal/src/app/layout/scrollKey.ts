import type { Location } from 'react-router';

/**
 * Which saved scroll position belongs to a page. `<ScrollRestoration />` keys positions by the
 * history entry's key and keeps them in the tab's sessionStorage, and React Router calls the first
 * entry of every document 'default'. So a page opened afresh in the tab (typed, from a bookmark or
 * another site) was scrolled to wherever the tab's previous visit had left its first page. That
 * entry gets an id of its own here, kept in its history state: a reload of it, or a return to it,
 * restores its position, and a new visit starts at the top.
 */
const FIELD = 'consignEntry';
let firstEntry: string | undefined;

/**
 * Reads (or gives) the id of the entry the document was loaded into. Called as the app starts,
 * before any navigation: later, on a back or forward, `history.state` is another entry's.
 */
export function rememberFirstEntry(history: History = window.history): string {
  const state: Record<string, unknown> =
    history.state && typeof history.state === 'object' ? history.state : {};
  const saved = state[FIELD];
  if (typeof saved === 'string') {
    firstEntry = saved;
    return saved;
  }
  // The same form as React Router's own keys; not a secret, only a name for a scroll position.
  const id = Math.random().toString(36).slice(2, 10);
  // Merged, so that React Router's own fields (set on this entry as the router is made) stay.
  history.replaceState({ ...state, [FIELD]: id }, '');
  firstEntry = id;
  return id;
}

/** `<ScrollRestoration getKey>`: the entry's key, or the first entry's own id for 'default'. */
export function scrollKey(location: Location): string {
  return location.key === 'default' ? (firstEntry ?? rememberFirstEntry()) : location.key;
}
