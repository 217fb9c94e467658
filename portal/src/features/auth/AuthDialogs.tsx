import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../components/Modal';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

type DialogKind = 'signin' | 'signup';

/** Where to go once signed in (or signed up), e.g. the booking of the option that was chosen. */
export type AuthDialogOptions = { next?: string };

export interface AuthDialogs {
  openSignIn: (options?: AuthDialogOptions) => void;
  openSignUp: (options?: AuthDialogOptions) => void;
  close: () => void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

/**
 * Sign-in and sign-up as modal dialogs over whatever page is showing. After signing in the
 * dialog closes and the user stays where they were, or goes on to `next` when the page that
 * opened it said where (Book Now: the booking of the chosen option). Switching between the two
 * dialogs keeps `next`; dismissing them forgets it. Must sit inside the router (the forms link).
 */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<DialogKind | null>(null);
  const next = useRef<string | undefined>(undefined);
  const show = useCallback((kind: DialogKind, options?: AuthDialogOptions) => {
    // Only a new request sets or clears the destination; the dialogs' own switch links keep it.
    if (options) next.current = options.next;
    setOpen(kind);
  }, []);
  const openSignIn = useCallback((options?: AuthDialogOptions) => show('signin', options), [show]);
  const openSignUp = useCallback((options?: AuthDialogOptions) => show('signup', options), [show]);
  const close = useCallback(() => {
    next.current = undefined;
    setOpen(null);
  }, []);
  const done = useCallback(() => {
    const destination = next.current;
    close();
    if (destination) navigate(destination);
  }, [close, navigate]);
  const value = useMemo(() => ({ openSignIn, openSignUp, close }), [openSignIn, openSignUp, close]);

  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {open === 'signin' ? (
        <Modal key="signin" title="Log In" onClose={close}>
          <SignInForm onSignedIn={done} onSwitchToSignUp={() => openSignUp()} onLeave={close} />
        </Modal>
      ) : null}
      {open === 'signup' ? (
        <Modal key="signup" title="Sign Up" onClose={close}>
          <SignUpForm
            variant="dialog"
            onSignedUp={done}
            onSwitchToSignIn={() => openSignIn()}
            onLeave={close}
          />
        </Modal>
      ) : null}
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogs {
  const context = useContext(AuthDialogsContext);
  if (!context) throw new Error('useAuthDialogs must be used inside <AuthDialogsProvider>');
  return context;
}
