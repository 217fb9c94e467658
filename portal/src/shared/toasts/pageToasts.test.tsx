import { act, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { outboxMeta, problemResponse, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';
import { FOR_NEXT_PAGE } from './pageToasts';

/** A toast is on screen while the library counts it active; leaving may still be animating. */
const showing = (id: string) => toast.isActive(id);

async function visitorAt(path: string) {
  stubFetch({
    'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
    'GET /api/v1/meta/auth': { body: outboxMeta },
  });
  const app = renderApp(path);
  // The toast library arrives after the first paint; wait until its container is there.
  await act(async () => {
    toast.info('Loaded', { toastId: 'probe' });
  });
  await screen.findByText('Loaded');
  return app;
}

describe('toasts and pages', () => {
  it("dismisses the previous page's toasts when the person moves to another page", async () => {
    const { router } = await visitorAt('/contact');
    await act(async () => {
      toast.error('Please check the form', { toastId: 'old' });
    });
    await screen.findByText('Please check the form');
    expect(showing('old')).toBe(true);

    await act(() => router.navigate('/terms'));
    await waitFor(() => expect(showing('old')).toBe(false));
    expect(showing('probe')).toBe(false);
  });

  it('keeps a toast raised for the page the action leads to', async () => {
    const { router } = await visitorAt('/contact');
    await act(async () => {
      toast.success('Business details saved', { ...FOR_NEXT_PAGE, toastId: 'saved' });
      await router.navigate('/terms');
    });
    await screen.findByText('Business details saved');
    expect(router.state.location.pathname).toBe('/terms');
    expect(showing('saved')).toBe(true);
    // Yet it belongs to that page: leaving it dismisses the toast too.
    await act(() => router.navigate('/contact'));
    await waitFor(() => expect(showing('saved')).toBe(false));
  });

  it('keeps toasts when only the search changes on the same page', async () => {
    const { router } = await visitorAt('/contact');
    await act(async () => {
      toast.info('Filters applied', { toastId: 'same' });
    });
    await act(() => router.navigate('/contact?topic=billing'));
    expect(router.state.location.search).toBe('?topic=billing');
    expect(showing('same')).toBe(true);
  });
});
