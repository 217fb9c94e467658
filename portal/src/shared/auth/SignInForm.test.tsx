import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { customer, outboxMeta, problemResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { findOpened } from '../../test/opened';
import { renderApp } from '../../test/render';

const anonymous = {
  'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
  'GET /api/v1/meta/auth': { body: outboxMeta },
};

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  email = 'jane@example.com',
  password = 'secret-pass',
) {
  const form = await screen.findByRole('form', { name: 'Log in' });
  await user.type(within(form).getByLabelText('Email'), email);
  await user.type(within(form).getByLabelText('Password'), password);
  return within(form).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
}

// The code step is kept in sessionStorage across reloads: each test starts without one.
afterEach(() => sessionStorage.clear());
describe('Sign-in page', () => {
  it('enables Submit only with both fields, and links to reset and sign-up', async () => {
    const user = userEvent.setup();
    stubFetch(anonymous);
    const { router } = renderApp('/signin');
    const form = await screen.findByRole('form', { name: 'Log in' });
    const submit = within(form).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(within(form).getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(submit.disabled).toBe(true);
    await user.type(within(form).getByLabelText('Email'), 'jane@example.com');
    expect(submit.disabled).toBe(true);
    await user.type(within(form).getByLabelText('Password'), 'x');
    expect(submit.disabled).toBe(false);
    expect(within(form).getByRole('link', { name: 'Change Now' }).getAttribute('href')).toBe('/reset');

    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign Up' }));
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('toasts Invalid Credentials on 401', async () => {
    const user = userEvent.setup();
    stubFetch({ ...anonymous, 'POST /api/v1/auth/login': problemResponse(401, 'Invalid credentials') });
    renderApp('/signin');
    await user.click(await fill(user));
    expect(await screen.findByText('Invalid Credentials')).toBeTruthy();
  });

  it('shows the rate-limit detail on 429', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...anonymous,
      'POST /api/v1/auth/login': {
        ...problemResponse(429, 'Too many attempts, try again in 30 seconds'),
        headers: { 'Retry-After': '30' },
      },
    });
    renderApp('/signin');
    await user.click(await fill(user));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, try again in 30 seconds');
  });

  it('switches to the OTP step for an unverified email, then signs in', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      ...anonymous,
      'POST /api/v1/auth/login': problemResponse(403, 'Email not verified', {
        code: 'email_unverified',
        registration: 'reg-login',
      }),
      'POST /api/v1/auth/verify-email': { body: sessionFor(customer) },
    });
    const { router } = renderApp('/signin');
    await user.click(await fill(user));
    expect(
      await screen.findByText('Your email is not verified yet: we’ve emailed you a 6-digit code'),
    ).toBeTruthy();
    expect(screen.queryByText(/OTP/)).toBeNull();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The code is checked against the sign-up the password belonged to.
    expect(calls.find((c) => c.path === '/api/v1/auth/verify-email')?.body).toMatchObject({
      code: '123456',
      registration: 'reg-login',
    });
    expect(
      await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('button', {
        name: 'Sign out',
      }),
    ).toBeTruthy();
  });

  it('sends vendors to the vendor dashboard after sign-in', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...anonymous,
      'POST /api/v1/auth/login': { body: sessionFor({ ...customer, role: 'vendor' }) },
    });
    const { router } = renderApp('/signin');
    await user.click(await fill(user));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendor-dashboard'));
  });

  it('shows the Google button only when the API has a Google client', async () => {
    stubFetch(anonymous);
    renderApp('/signin');
    await screen.findByRole('form', { name: 'Log in' });
    expect(screen.queryByRole('separator')).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });
});

describe('Sign-in dialog', () => {
  it('closes after sign-in and stays on the page', async () => {
    const user = userEvent.setup();
    stubFetch({ ...anonymous, 'POST /api/v1/auth/login': { body: sessionFor(customer) } });
    const { router } = renderApp('/privacy');
    await user.click(
      await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('button', { name: 'Log In' }),
    );
    const dialog = await findOpened('dialog', 'Log In');
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    await user.type(within(dialog).getByLabelText('Email'), 'jane@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/privacy');
  });
});

describe('Signing in', () => {
  it('sends a vendor who signs in from the dialog to the vendor dashboard', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...anonymous,
      'POST /api/v1/auth/login': {
        body: sessionFor({ ...customer, email: 'van@example.com', role: 'vendor' }),
      },
    });
    const { router } = renderApp('/terms');
    await user.click(
      await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('button', { name: 'Log In' }),
    );
    await findOpened('dialog', 'Log In');
    const submit = await fill(user, 'van@example.com');
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendor-dashboard'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('returns to the page that asked for a sign-in, and only to a page of this site', async () => {
    const user = userEvent.setup();
    stubFetch({ ...anonymous, 'POST /api/v1/auth/login': { body: sessionFor(customer) } });
    const { router } = renderApp('/signin?next=%2Fprofile%3Ftab%3D1');
    await user.click(await fill(user));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.search).toBe('?tab=1');
  });

  it('ignores a next address on another site', async () => {
    const user = userEvent.setup();
    stubFetch({ ...anonymous, 'POST /api/v1/auth/login': { body: sessionFor(customer) } });
    const { router } = renderApp('/signin?next=%2F%2Fevil.example%2F');
    await user.click(await fill(user));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
