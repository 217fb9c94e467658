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
import { Spinner } from '../../components/Spinner';
import type { DialogKind } from './AuthDialog';

// The dialogs, their forms and the validation library load when a dialog first opens, not with
// every page.
const AuthDialog = lazy(async () => ({ default: (await import('./AuthDialog')).AuthDialog }));

export interface AuthDialogs {
  openSignIn: () => void;
  openSignUp: () => void;
  close: () => void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

/**
 * Sign-in and sign-up as modal dialogs over whatever page is showing. After signing in the
 * dialog closes and the user stays where they were. Must sit inside the router (the forms link).
 */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<DialogKind | null>(null);
  const openSignIn = useCallback(() => setOpen('signin'), []);
  const openSignUp = useCallback(() => setOpen('signup'), []);
  const close = useCallback(() => setOpen(null), []);
  const value = useMemo(() => ({ openSignIn, openSignUp, close }), [openSignIn, openSignUp, close]);

  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {open ? (
        <Suspense fallback={<Spinner label="Opening the form" />}>
          <AuthDialog kind={open} onClose={close} onSignIn={openSignIn} onSignUp={openSignUp} />
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
