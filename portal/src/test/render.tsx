import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { routes } from '../app/router';
import type { SessionStore } from '../shared/auth/session';

/**
 * Renders the whole app (providers, layout, routes) at `path`, as a browser would load it; with
 * the session and query cache main.tsx made before React, when a test gives them.
 */
export function renderApp(path = '/', started: { queryClient?: QueryClient; session?: SessionStore } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = started.queryClient ?? createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const utils = render(
    <AppProviders queryClient={queryClient} session={started.session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}
