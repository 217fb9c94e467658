import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { customer, sessionFor, stubFetch } from '../../test/fetchStub';
import { AuthProvider, useAuth } from './auth';
import { SessionStore } from './session';

function Status() {
  const { status, user } = useAuth();
  return <p>{user ? `${status} as ${user.email}` : status}</p>;
}

describe('AuthProvider with a session started before React (main.tsx)', () => {
  let store: SessionStore | undefined;
  afterEach(() => store?.stop());

  it('hydrates a prerendered page as it was rendered, then shows the session already restored', async () => {
    stubFetch({ 'POST /api/v1/auth/refresh': { body: sessionFor(customer) } });
    // The build's prerender knows no session.
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <AuthProvider>
        <Status />
      </AuthProvider>,
    );
    expect(container.textContent).toBe('loading');

    // The restore finishes before React hydrates (a fast network, a slow phone).
    store = new SessionStore();
    store.start();
    await waitFor(() => expect(store?.getSnapshot().status).toBe('authenticated'));

    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <AuthProvider store={store}>
          <Status />
        </AuthProvider>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });
    expect(mismatches).toEqual([]);
    expect(container.textContent).toBe(`authenticated as ${customer.email}`);
  });
});
