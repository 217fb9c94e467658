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

const form = () => screen.getByRole('form', { name: 'Sign up' });
const register = () => within(form()).getByRole('button', { name: 'Register' }) as HTMLButtonElement;

async function fillPage(
  user: ReturnType<typeof userEvent.setup>,
  values: { email?: string; password?: string; confirm?: string; terms?: boolean } = {},
) {
  const { email = 'new@example.com', password = 'correct-horse', confirm = password, terms = true } = values;
  if (email) await user.type(within(form()).getByLabelText('Email'), email);
  if (password) await user.type(within(form()).getByLabelText('Password'), password);
  if (confirm) await user.type(within(form()).getByLabelText('Confirm Password'), confirm);
  if (terms)
    await user.click(within(form()).getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }));
  await user.tab();
}

// The code step is kept in sessionStorage across reloads: each test starts without one.
afterEach(() => sessionStorage.clear());
describe('Sign-up page', () => {
  it('keeps Register enabled and names each problem at its field, with the spec messages', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch(anonymous);
    renderApp('/signup');

    await screen.findByRole('heading', { name: 'Sign Up', level: 1 });
    expect(screen.getByRole('radio', { name: /I send parcels/ })).toHaveProperty('checked', true);
    expect(within(form()).getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe(
      '/terms',
    );
    // An empty form: Register says why it cannot go on, at each field, and sends nothing.
    expect(register().disabled).toBe(false);
    await user.click(register());
    const email = within(form()).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form()).getByText('Not a valid email')).toBeTruthy();
    expect(within(form()).getByText('Password must be at least 8 characters')).toBeTruthy();
    const terms = within(form()).getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(within(form()).getByText('Please accept the Terms and Conditions').id).toBe(
      terms.getAttribute('aria-describedby'),
    );
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(calls.filter((c) => c.path === '/api/v1/auth/signup')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'jane@example');
    await user.tab();
    expect(screen.getByText('Not a valid email')).toBeTruthy();

    await user.clear(email);
    await user.type(email, 'jane@example.co.uk');
    await waitFor(() => expect(screen.queryByText('Not a valid email')).toBeNull());

    await user.type(within(form()).getByLabelText('Password'), 'short');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();

    await user.type(within(form()).getByLabelText('Password'), '-but-now-long');
    await user.type(within(form()).getByLabelText('Confirm Password'), 'something-else');
    await user.tab();
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();

    const confirm = within(form()).getByLabelText('Confirm Password');
    await user.clear(confirm);
    await user.type(confirm, 'short-but-now-long');
    await waitFor(() => expect(screen.queryByText('The passwords do not match')).toBeNull());

    await user.click(terms);
    await waitFor(() => expect(screen.queryByText('Please accept the Terms and Conditions')).toBeNull());
    expect(register().disabled).toBe(false);
  });

  it('shows and hides the passwords', async () => {
    const user = userEvent.setup();
    stubFetch(anonymous);
    renderApp('/signup');
    const password = await within(await screen.findByRole('form', { name: 'Sign up' })).findByLabelText(
      'Password',
    );
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Show confirm password' })).toBeTruthy();
  });

  it('goes to the OTP step, rejects a wrong code, signs in with the right one and goes home', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      ...anonymous,
      'POST /api/v1/auth/signup': {
        status: 201,
        body: { email: 'new@example.com', registration: 'reg-new' },
      },
      'POST /api/v1/auth/verify-email': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { body: sessionFor({ ...customer, email: 'new@example.com' }) }
          : problemResponse(400, 'Invalid OTP'),
    });
    const { router } = renderApp('/signup');
    await screen.findByRole('form', { name: 'Sign up' });
    await fillPage(user);
    await user.click(register());

    // Issue 51, item 10c: people's words, not "OTP".
    expect(await screen.findByText('We’ve emailed you a 6-digit code')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/auth/signup')?.body).toEqual({
      email: 'new@example.com',
      password: 'correct-horse',
      role: 'customer',
    });

    const otp = screen.getByRole('form', { name: 'Enter your code' });
    const code = within(otp).getByLabelText('Verification code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    const verify = within(otp).getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    expect(verify.disabled).toBe(true);

    await user.type(code, '000000');
    expect(verify.disabled).toBe(false);
    await user.click(verify);
    // Said at the code field, in people's words, whatever the API's own wording.
    expect(await screen.findByText('That code is wrong or has expired')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/OTP/)).toBeNull();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(verify);
    expect(await screen.findByText('Registration Successful')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((c) => c.path === '/api/v1/auth/verify-email').map((c) => c.body)).toEqual([
      { email: 'new@example.com', code: '000000', registration: 'reg-new' },
      { email: 'new@example.com', code: '123456', registration: 'reg-new' },
    ]);
    // Verified: nothing is kept for a reload.
    expect(sessionStorage.length).toBe(0);
    expect(
      await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('button', {
        name: 'Sign out',
      }),
    ).toBeTruthy();
  });

  it('signs couriers up with the vendor role and sends them to the business details form', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      ...anonymous,
      'POST /api/v1/auth/signup': {
        status: 201,
        body: { email: 'van@example.com', registration: 'reg-van' },
      },
      'POST /api/v1/auth/verify-email': {
        body: sessionFor({ ...customer, email: 'van@example.com', role: 'vendor' }),
      },
    });
    const { router } = renderApp('/signup');
    await screen.findByRole('form', { name: 'Sign up' });
    await user.click(screen.getByRole('radio', { name: /I run a courier business/ }));
    await fillPage(user, { email: 'van@example.com' });
    await user.click(register());
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendor-details'));
    expect(
      (calls.find((c) => c.path === '/api/v1/auth/signup')?.body as { role?: string } | undefined)?.role,
    ).toBe('vendor');
  });

  it('ticks the courier business choice when opened from a courier sign-up link', async () => {
    stubFetch(anonymous);
    renderApp('/signup?as=vendor');
    expect(await screen.findByRole('radio', { name: /I run a courier business/ })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('resends the code and reports the rate limit', async () => {
    const user = userEvent.setup();
    let resends = 0;
    stubFetch({
      ...anonymous,
      'POST /api/v1/auth/signup': {
        status: 201,
        body: { email: 'new@example.com', registration: 'reg-new' },
      },
      'POST /api/v1/auth/resend-otp': () =>
        ++resends === 1
          ? { status: 202 }
          : {
              status: 429,
              headers: { 'Retry-After': '42' },
              body: { type: 'about:blank', title: 'Too Many Requests', status: 429 },
            },
    });
    renderApp('/signup');
    await screen.findByRole('form', { name: 'Sign up' });
    await fillPage(user);
    await user.click(register());

    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Code sent')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Too many attempts, try again in 42 seconds')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeTruthy();
  });
});

describe('Sign-up dialog', () => {
  it('offers both choices but no terms box, registers customers and stays on the page', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      ...anonymous,
      'POST /api/v1/auth/signup': {
        status: 201,
        body: { email: 'new@example.com', registration: 'reg-new' },
      },
      'POST /api/v1/auth/verify-email': { body: sessionFor({ ...customer, email: 'new@example.com' }) },
    });
    const { router } = renderApp('/terms');
    await user.click(
      await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('button', {
        name: 'Sign Up',
      }),
    );
    const dialog = await findOpened('dialog', 'Sign Up');
    expect(within(dialog).getByRole('radio', { name: /I send parcels/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: /I run a courier business/ })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();

    await user.type(within(dialog).getByLabelText('Email'), 'new@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'correct-horse');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'correct-horse');
    const button = within(dialog).getByRole('button', { name: 'Register' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    await user.click(button);
    await user.type(await within(dialog).findByLabelText('Verification code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/terms');
    expect(
      (calls.find((c) => c.path === '/api/v1/auth/signup')?.body as { role?: string } | undefined)?.role,
    ).toBe('customer');
  });
});

describe('Sign-up dialog for a courier', () => {
  it('signs a courier up and takes it to the business details form', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      ...anonymous,
      'POST /api/v1/auth/signup': {
        status: 201,
        body: { email: 'van@example.com', registration: 'reg-van' },
      },
      'POST /api/v1/auth/verify-email': {
        body: sessionFor({ ...customer, email: 'van@example.com', role: 'vendor' }),
      },
    });
    const { router } = renderApp('/terms');
    await user.click(
      await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('button', {
        name: 'Sign Up',
      }),
    );
    const dialog = await findOpened('dialog', 'Sign Up');
    await user.click(within(dialog).getByRole('radio', { name: /I run a courier business/ }));
    await user.type(within(dialog).getByLabelText('Email'), 'van@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'correct-horse');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'correct-horse');
    const button = within(dialog).getByRole('button', { name: 'Register' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    await user.click(button);
    await user.type(await within(dialog).findByLabelText('Verification code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/vendor-details'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      (calls.find((c) => c.path === '/api/v1/auth/signup')?.body as { role?: string } | undefined)?.role,
    ).toBe('vendor');
  });
});
