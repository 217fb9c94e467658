import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { type AppRouter, createAppRouter } from './router';
import type { SessionStore } from './session';

export function App({ session, router: given }: { session?: SessionStore; router?: AppRouter }) {
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <AppProviders session={session}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
