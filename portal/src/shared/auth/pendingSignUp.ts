/**
 * The sign-up waiting for its emailed code, kept in sessionStorage so that a reload (or the
 * browser's back button) on the code step keeps it. It holds the address and the sign-up's
 * opaque `registration` handle, which the code is checked against: without it the code step
 * cannot verify, and a code mailed for anyone else's sign-up of the same address is refused.
 * No password, no code. It lives only as long as the tab (and the page load when the browser
 * gives a framed checkout no storage).
 */
import type { SignUpRole } from '../api/client';

const KEY = 'consign.pending-sign-up';

export interface PendingSignUp {
  email: string;
  registration: string;
  role?: SignUpRole | undefined;
}

const memory = new Map<string, string>();
const inMemory = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, value),
  removeItem: (key: string) => void memory.delete(key),
};

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    return window.sessionStorage;
  } catch {
    return inMemory;
  }
}

export function loadPendingSignUp(): PendingSignUp | null {
  try {
    const raw = storage().getItem(KEY);
    const value = raw ? (JSON.parse(raw) as PendingSignUp) : null;
    return value && typeof value.email === 'string' && typeof value.registration === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function savePendingSignUp(value: PendingSignUp): void {
  try {
    storage().setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage full or off: the step still works until the page is left.
  }
}

export function clearPendingSignUp(): void {
  try {
    storage().removeItem(KEY);
  } catch {
    // nothing kept
  }
}
