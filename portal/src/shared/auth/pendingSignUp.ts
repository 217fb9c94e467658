/**
 * The sign-up waiting for its emailed code, kept in sessionStorage so that a reload (or the
 * browser's back button) on the code step keeps it. It holds the address and the sign-up's
 * opaque `registration` handle, which the code is checked against: without it the code step
 * cannot verify, and a code mailed for anyone else's sign-up of the same address is refused.
 * No password, no code. It lives only as long as the tab (and the page load when the browser
 * gives a framed checkout no storage).
 */

import { tabStorage } from '../../lib/tabStorage';
import type { SignUpRole } from '../api/client';

const KEY = 'consign.pending-sign-up';

export interface PendingSignUp {
  email: string;
  registration: string;
  role?: SignUpRole | undefined;
}

export function loadPendingSignUp(): PendingSignUp | null {
  try {
    const raw = tabStorage().getItem(KEY);
    const value = raw ? (JSON.parse(raw) as PendingSignUp) : null;
    return value && typeof value.email === 'string' && typeof value.registration === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function savePendingSignUp(value: PendingSignUp): void {
  try {
    tabStorage().setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage full or off: the step still works until the page is left.
  }
}

export function clearPendingSignUp(): void {
  try {
    tabStorage().removeItem(KEY);
  } catch {
    // nothing kept
  }
}
