import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import type { SessionStore } from './session';

export function App({ session }: { session?: SessionStore }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders session={session}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
