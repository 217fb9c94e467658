import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PROMPT_TEXT } from '../features/quotes/ResultPage';
import { SessionStore } from '../shared/auth/session';
import { outboxMeta, problemResponse, stubFetch } from '../test/fetchStub';
import { referenceData } from '../test/quoteFixtures';
import { renderApp } from '../test/render';
import { createQueryClient } from './providers';
import { preloadPage } from './router';

// Which page modules have been imported, to see a preload happen.
const imported = vi.hoisted(() => new Set<string>());
vi.mock('../features/orders/DashboardPage', async (importOriginal) => {
  imported.add('DashboardPage');
  // A mock throws on a missing export; preloadPage asks every page module for prefetchPage.
  return { ...(await importOriginal<object>()), prefetchPage: undefined };
});

// Its own file: a page's chunk, once loaded, stays loaded for the rest of a test file.
describe('lazy pages', () => {
  it('renders a page whose chunk arrived before React (preloadPage) in the first commit, with no loading screen', async () => {
    stubFetch({
      'GET /api/v1/meta/auth': { body: outboxMeta },
      'GET /api/v1/meta': { body: referenceData },
      'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
    });
    const session = new SessionStore();
    const queryClient = createQueryClient();
    await preloadPage({
      queryClient,
      apiClient: session.client,
      location: { pathname: '/result', search: '' },
    });

    renderApp('/result', { queryClient, session });
    // No waiting: React.lazy alone would first commit the loading screen and the page a retry later.
    expect(screen.getByRole('heading', { level: 1, name: 'Your Comparison Result' })).toBeTruthy();
    expect(screen.getByText(PROMPT_TEXT)).toBeTruthy();
    expect(screen.queryByText('Loading page')).toBeNull();
  });

  it("preloads the customer dashboard's chunk, which sits behind the role check, as the app starts", async () => {
    const session = new SessionStore();
    const queryClient = createQueryClient();
    expect(imported.has('DashboardPage')).toBe(false);
    await preloadPage({
      queryClient,
      apiClient: session.client,
      location: { pathname: '/dashboard', search: '' },
    });
    expect(imported.has('DashboardPage')).toBe(true);
  });

  it('shows the loading screen for a page whose chunk has not arrived, then the page', async () => {
    stubFetch({
      'GET /api/v1/meta/auth': { body: outboxMeta },
      'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
    });
    // A page no other test here opens, so the order the tests run in does not matter.
    renderApp('/privacy');
    expect(screen.getByText('Loading page')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeTruthy();
  });

  it('moves from one page to another, the chunk of each arrived or not', async () => {
    stubFetch({
      'GET /api/v1/meta/auth': { body: outboxMeta },
      'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
    });
    const { router } = renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: /contact/i });
    await act(() => router.navigate('/terms'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
    await act(() => router.navigate('/contact'));
    expect(await screen.findByRole('heading', { level: 1, name: /contact/i })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeNull();
  });
});
