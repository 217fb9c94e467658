import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import type { AppRouter } from './router';
import type { SessionStore } from './session';

/** The app as main.tsx starts it: the router and the session are made before React renders. */
export function App({ session, router }: { session: SessionStore; router: AppRouter }) {
  return (
    <AppProviders session={session}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
