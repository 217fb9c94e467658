import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '../components/useHydrated';
import { AuthProvider } from '../shared/auth/auth';
import type { SessionStore } from '../shared/auth/session';

// The toast library arrives once the page has loaded: toasts raised before its container mounts
// are queued by the library and shown once it does.
const ToastHost = lazy(() => import('../shared/toasts/ToastHost'));

/** How long the toasts wait for an idle moment after the page's load before mounting anyway. */
const TOASTS_IDLE_TIMEOUT_MS = 1000;

/**
 * True once the page has loaded and the browser has had an idle moment: the toast library's
 * download and start then never compete with a page's own script, data and first paint (on a
 * phone, the results page's quote arrived later for it).
 */
function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => setSettled(true);
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function')
        idle = requestIdleCallback(settle, { timeout: TOASTS_IDLE_TIMEOUT_MS });
      else timer = setTimeout(settle, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, []);
  return settled;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/**
 * Toasts live outside #root so they stay readable and dismissable while a modal makes the app inert.
 */
function Toasts() {
  // There is no document.body to portal into while prerendering, nor in its first hydrating render.
  const hydrated = useHydrated();
  const settled = usePageSettled();
  if (!hydrated || !settled) return null;
  return createPortal(
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>,
    document.body,
  );
}

export function AppProviders({
  children,
  queryClient,
  session,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  session?: SessionStore;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider store={session}>{children}</AuthProvider>
      <Toasts />
    </QueryClientProvider>
  );
}
