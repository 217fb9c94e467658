import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customer, outboxMeta, problemResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { findOpened } from '../../test/opened';
import { renderApp } from '../../test/render';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('Header', () => {
  it('offers Sign Up and Log In when signed out', async () => {
    const { calls } = stubFetch({
      'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
      'GET /api/v1/meta/auth': { body: outboxMeta },
    });
    renderApp('/');

    expect(await within(mainNav()).findByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(within(mainNav()).getByRole('button', { name: 'Sign Up' })).toBeTruthy();
    expect(within(mainNav()).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
    expect(within(mainNav()).getByRole('link', { name: 'For Couriers' }).getAttribute('href')).toBe(
      '/signup?as=vendor',
    );
    expect(within(mainNav()).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(within(mainNav()).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Consign home' }).getAttribute('href')).toBe('/');

    // Session restore uses the cookie: credentials included, empty JSON body.
    const refresh = calls.find((c) => c.path === '/api/v1/auth/refresh');
    expect(refresh?.credentials).toBe('include');
    expect(refresh?.body).toEqual({});
  });

  it('shows Dashboard and Sign out for a restored customer session', async () => {
    stubFetch({ 'POST /api/v1/auth/refresh': { body: sessionFor(customer) } });
    renderApp('/');

    expect(await within(mainNav()).findByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(within(mainNav()).queryByRole('button', { name: 'Log In' })).toBeNull();
    expect(within(mainNav()).queryByRole('button', { name: 'Sign Up' })).toBeNull();
  });

  it('sends vendors to the vendor dashboard', async () => {
    stubFetch({ 'POST /api/v1/auth/refresh': { body: sessionFor({ ...customer, role: 'vendor' }) } });
    renderApp('/');
    const link = await within(mainNav()).findByRole('link', { name: 'Dashboard' });
    expect(link.getAttribute('href')).toBe('/vendor-dashboard');
  });

  it('signs out: calls logout, forgets the session and goes home', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
      'POST /api/v1/auth/logout': { status: 204 },
      'GET /api/v1/users/me': { body: { ...customer, phone: null, address: null, avatarUrl: null } },
    });
    const { router } = renderApp('/dashboard');

    await user.click(await within(mainNav()).findByRole('button', { name: 'Sign out' }));

    expect(await within(mainNav()).findByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    const logout = calls.find((c) => c.path === '/api/v1/auth/logout');
    expect(logout?.headers.Authorization).toBe('Bearer access-1');
    expect(logout?.credentials).toBe('include');
  });

  it('opens the sign-in dialog, which Escape and the backdrop close', async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
      'GET /api/v1/meta/auth': { body: outboxMeta },
    });
    renderApp('/');

    await user.click(await within(mainNav()).findByRole('button', { name: 'Log In' }));
    const dialog = await findOpened('dialog', 'Log In');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Email'));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(mainNav()).getByRole('button', { name: 'Sign Up' }));
    const signUp = await findOpened('dialog', 'Sign Up');
    await user.click(signUp.parentElement as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('swaps between the sign-in and sign-up dialogs', async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
      'GET /api/v1/meta/auth': { body: outboxMeta },
    });
    renderApp('/');

    await user.click(await within(mainNav()).findByRole('button', { name: 'Log In' }));
    await user.click(within(await findOpened('dialog', 'Log In')).getByRole('button', { name: 'Sign Up' }));
    await user.click(
      within(await findOpened('dialog', 'Sign Up')).getByRole('button', { name: 'Log in instead' }),
    );
    expect(await findOpened('dialog', 'Log In')).toBeTruthy();
  });

  it('has a mobile menu that toggles, closes on Escape and on link click', async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /api/v1/auth/refresh': { body: sessionFor(customer) } });
    const { router } = renderApp('/');
    await within(mainNav()).findByRole('button', { name: 'Sign out' });

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const menu = await findOpened('navigation', 'Mobile');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(document.activeElement).toBe(toggle);

    await user.keyboard('{Enter}');
    await user.click(
      within(await findOpened('navigation', 'Mobile')).getByRole('link', { name: 'Contact Us' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  // Issue 51, item 4: the tracking page is reachable from every page, signed in or not, and takes a typed code.
  it('links "Track a parcel" from the header, the mobile menu and the footer to /track', async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
      'GET /api/v1/meta/auth': { body: outboxMeta },
    });
    const { router } = renderApp('/contact');
    await within(mainNav()).findByRole('button', { name: 'Log In' });
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Track a parcel' }).getAttribute('href')).toBe('/track');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Track a parcel' }).getAttribute('href')).toBe('/track');
    await user.keyboard('{Escape}');

    await user.click(within(mainNav()).getByRole('link', { name: 'Track a parcel' }));
    await user.type(await screen.findByRole('textbox', { name: 'Tracking code' }), 'k7p3 xq9m ht2w');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/track/K7P3XQ9MHT2W'));
  });
});
