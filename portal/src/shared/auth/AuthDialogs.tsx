import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/Spinner';
import type { Session, SignUpRole } from '../api/client';
import type { DialogKind } from './AuthDialog';
import { afterSignUpPath, homeFor } from './auth';

// The dialogs, their forms and the validation library load when a dialog first opens, not with
// every page.
const AuthDialog = lazy(async () => ({ default: (await import('./AuthDialog')).AuthDialog }));

/**
 * `next`: where to go once signed in (or signed up), e.g. the booking of the option that was
 * chosen. `role`: with 'vendor' the sign-up form has the courier business choice ticked.
 */
export type AuthDialogOptions = { next?: string; role?: SignUpRole };

export interface AuthDialogs {
  openSignIn: (options?: AuthDialogOptions) => void;
  openSignUp: (options?: AuthDialogOptions) => void;
  close: () => void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

/**
 * Sign-in and sign-up as modal dialogs over whatever page is showing. After signing in the
 * dialog closes; a customer stays where they were, or goes on to `next` when the page that
 * opened it said where (Book Now: the booking of the chosen option); a vendor goes to the vendor
 * dashboard, and a new courier to its business details form. Switching between the two dialogs
 * keeps `next`; dismissing them forgets it. Must sit inside the router (the forms link).
 */
export function AuthDialogsProvider({
  children,
  customerOnly = false,
}: {
  children: ReactNode;
  /** Sign-up offers a customer account only (the widget's checkout: shoppers, not couriers). */
  customerOnly?: boolean;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<DialogKind | null>(null);
  const [signUpRole, setSignUpRole] = useState<SignUpRole>('customer');
  const next = useRef<string | undefined>(undefined);
  const show = useCallback((kind: DialogKind, options?: AuthDialogOptions) => {
    // Only a new request sets or clears the destination; the dialogs' own switch links keep it.
    if (options) next.current = options.next;
    if (kind === 'signup') setSignUpRole(options?.role ?? 'customer');
    setOpen(kind);
  }, []);
  const openSignIn = useCallback((options?: AuthDialogOptions) => show('signin', options), [show]);
  const openSignUp = useCallback((options?: AuthDialogOptions) => show('signup', options), [show]);
  const close = useCallback(() => {
    next.current = undefined;
    setOpen(null);
  }, []);
  const value = useMemo(() => ({ openSignIn, openSignUp, close }), [openSignIn, openSignUp, close]);

  function signedIn(session: Session) {
    const destination = next.current;
    close();
    // Vendors and partners work from their own area: signing in anywhere takes them there.
    if (session.user.role === 'vendor' || session.user.role === 'partner')
      navigate(homeFor(session.user.role));
    else if (destination) navigate(destination);
  }

  function signedUp(session: Session, via: 'verified' | 'google') {
    const destination = next.current;
    close();
    const after = afterSignUpPath(session.user.role, via);
    if (after) navigate(after);
    else if (destination) navigate(destination);
  }

  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {open ? (
        <Suspense fallback={<Spinner label="Opening the form" />}>
          <AuthDialog
            kind={open}
            signUpRole={customerOnly ? 'customer' : signUpRole}
            customerOnly={customerOnly}
            onClose={close}
            onSignIn={() => openSignIn()}
            onSignUp={() => openSignUp()}
            onSignedIn={signedIn}
            onSignedUp={signedUp}
          />
        </Suspense>
      ) : null}
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogs {
  const context = useContext(AuthDialogsContext);
  if (!context) throw new Error('useAuthDialogs must be used inside <AuthDialogsProvider>');
  return context;
}
