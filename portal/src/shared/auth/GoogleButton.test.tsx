import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, outboxMeta, problemResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';

afterEach(() => {
  delete window.google;
});

describe('Google sign-in', () => {
  it('renders Google’s button when configured and exchanges the ID token for a session', async () => {
    let callback: ((response: { credential: string }) => void) | undefined;
    const renderButton = vi.fn();
    window.google = {
      accounts: {
        id: {
          initialize: vi.fn((config) => {
            callback = config.callback;
          }),
          renderButton,
        },
      },
    };
    const { calls } = stubFetch({
      'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
      'GET /api/v1/meta/auth': {
        body: { ...outboxMeta, googleClientId: 'client-123.apps.googleusercontent.com' },
      },
      'POST /api/v1/auth/google': { body: sessionFor(customer) },
    });
    const { router } = renderApp('/signin');

    await waitFor(() => expect(renderButton).toHaveBeenCalled());
    expect(window.google.accounts.id.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com' }),
    );
    expect(screen.getByRole('separator').textContent).toBe('or');

    callback?.({ credential: 'google-id-token' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.path === '/api/v1/auth/google')?.body).toEqual({ idToken: 'google-id-token' });
    expect(
      await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('button', {
        name: 'Sign out',
      }),
    ).toBeTruthy();
  });
});
