import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import type { Session, SignUpRole } from '../../app/api';
import { afterSignUpPath, homeFor } from '../../app/auth';
import { Spinner } from '../../components/Spinner';
import type { DialogKind } from './AuthDialog';

// The dialogs, their forms and the validation library load when a dialog first opens, not with
// every page.
const AuthDialog = lazy(async () => ({ default: (await import('./AuthDialog')).AuthDialog }));

export interface AuthDialogs {
  openSignIn: () => void;
  /** Opens sign-up; with 'vendor' the courier business choice is ticked. */
  openSignUp: (role?: SignUpRole) => void;
  close: () => void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

/**
 * Sign-in and sign-up as modal dialogs over whatever page is showing. After signing in the
 * dialog closes; a customer stays where they were, a vendor goes to the vendor dashboard, and a
 * new courier to its business details form. Must sit inside the router (the forms link).
 */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<DialogKind | null>(null);
  const [signUpRole, setSignUpRole] = useState<SignUpRole>('customer');
  const openSignIn = useCallback(() => setOpen('signin'), []);
  const openSignUp = useCallback((role: SignUpRole = 'customer') => {
    setSignUpRole(role);
    setOpen('signup');
  }, []);
  const close = useCallback(() => setOpen(null), []);
  const value = useMemo(() => ({ openSignIn, openSignUp, close }), [openSignIn, openSignUp, close]);

  function signedIn(session: Session) {
    close();
    if (session.user.role === 'vendor') navigate(homeFor('vendor'));
  }

  function signedUp(session: Session, via: 'verified' | 'google') {
    close();
    const next = afterSignUpPath(session.user.role, via);
    if (next) navigate(next);
  }

  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {open ? (
        <Suspense fallback={<Spinner label="Opening the form" />}>
          <AuthDialog
            kind={open}
            signUpRole={signUpRole}
            onClose={close}
            onSignIn={openSignIn}
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
