import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ApiClient, Role, Session, User } from '../api/client';
import { type AuthSnapshot, type AuthStatus, RESTORING, SessionStore } from './session';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** Stores a session answered by login, verify-email or Google sign-in. */
  acceptSession: (session: Session) => void;
  updateUser: (user: User) => void;
  signOut: () => Promise<void>;
  /** The typed API client with the bearer token, one refresh and retry on 401. */
  apiClient: ApiClient;
}

const AuthContext = createContext<AuthContextValue | null>(null);

// A prerendered page was rendered before any session was known: it hydrates as such, whatever
// the session's restore (started before React, see main.tsx) has found by then, and React
// re-renders with the session straight after.
const restoringSnapshot = (): AuthSnapshot => RESTORING;

/** `store`: a session already started (main.tsx starts it before React's first render). */
export function AuthProvider({ children, store: given }: { children: ReactNode; store?: SessionStore }) {
  const [store] = useState(() => given ?? new SessionStore());
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, restoringSnapshot);

  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: snapshot.status,
      user: snapshot.user,
      acceptSession: store.signIn,
      updateUser: store.updateUser,
      signOut: store.signOut,
      apiClient: store.client,
    }),
    [snapshot, store],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

/** Where a user lands after signing in, and where the header's Dashboard link points. */
export function homeFor(role: Role | undefined): string {
  if (role === 'partner') return '/partner';
  return role === 'vendor' ? '/vendor-dashboard' : '/';
}

export function dashboardFor(role: Role | undefined): string {
  if (role === 'partner') return '/partner';
  return role === 'vendor' ? '/vendor-dashboard' : '/dashboard';
}

/**
 * Where a new account goes after signing up: a courier verified by email fills in its business
 * details first (spec 2.2); a Google sign-up goes to its dashboard; customers stay where they were
 * (null) in a dialog, or go home from the sign-up page.
 */
export function afterSignUpPath(role: Role | undefined, via: 'verified' | 'google'): string | null {
  if (role === 'vendor') return via === 'verified' ? '/vendor-details' : '/vendor-dashboard';
  return null;
}
