import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '../components/useHydrated';
import { AuthProvider } from './auth';
import type { SessionStore } from './session';

// The toast library arrives after the first paint: toasts raised before its container mounts
// are queued by the library and shown once it does.
const ToastHost = lazy(() => import('./ToastHost'));

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
  if (!useHydrated()) return null;
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
