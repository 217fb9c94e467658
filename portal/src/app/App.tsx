import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { SessionStore } from '../shared/auth/session';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

/** The app as main.tsx starts it: the router, session and query cache are made before React renders. */
export function App({
  session,
  router,
  queryClient,
}: {
  session: SessionStore;
  router: AppRouter;
  queryClient: QueryClient;
}) {
  return (
    <AppProviders session={session} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
