import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { outboxMeta, problemResponse, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';

const anonymous = {
  'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
  'GET /api/v1/meta/auth': { body: outboxMeta },
};

describe('password reset', () => {
  it('replaces the form with the confirmation after 202', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({ ...anonymous, 'POST /api/v1/auth/password-reset': { status: 202 } });
    renderApp('/reset');
    const form = await screen.findByRole('form', { name: 'Reset password' });
    const button = within(form).getByRole('button', { name: 'Reset Password' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.type(within(form).getByLabelText('Email'), 'jane@example.com');
    await user.click(button);
    expect(
      await screen.findByText('Please check your Registered email password link is sent on that'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Return to login' }).getAttribute('href')).toBe('/signin');
    expect(calls.find((c) => c.path === '/api/v1/auth/password-reset')?.body).toEqual({
      email: 'jane@example.com',
    });
  });

  it('does not fail silently', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...anonymous,
      'POST /api/v1/auth/password-reset': {
        ...problemResponse(429, 'Too many attempts, try again in 60 seconds'),
        headers: { 'Retry-After': '60' },
      },
    });
    renderApp('/reset');
    const form = await screen.findByRole('form', { name: 'Reset password' });
    await user.type(within(form).getByLabelText('Email'), 'jane@example.com');
    await user.click(within(form).getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, try again in 60 seconds');
  });

  it('sets a new password with the token and goes to sign in', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      ...anonymous,
      'POST /api/v1/auth/password-reset/confirm': { status: 204 },
    });
    const { router } = renderApp('/reset/tok-123');
    const form = await screen.findByRole('form', { name: 'Choose a new password' });
    const submit = within(form).getByRole('button', { name: 'Update Password' }) as HTMLButtonElement;
    await user.type(within(form).getByLabelText('New Password'), 'brand-new-pass');
    await user.type(within(form).getByLabelText('Confirm Password'), 'brand-new-pasx');
    await user.tab();
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(submit.disabled).toBe(true);
    await user.clear(within(form).getByLabelText('Confirm Password'));
    await user.type(within(form).getByLabelText('Confirm Password'), 'brand-new-pass');
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect(await screen.findByText('Password updated, please sign in')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(calls.find((c) => c.path === '/api/v1/auth/password-reset/confirm')?.body).toEqual({
      token: 'tok-123',
      password: 'brand-new-pass',
    });
  });

  it('explains an invalid or expired link', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...anonymous,
      'POST /api/v1/auth/password-reset/confirm': problemResponse(400, 'Invalid or expired token'),
    });
    renderApp('/reset/old');
    const form = await screen.findByRole('form', { name: 'Choose a new password' });
    await user.type(within(form).getByLabelText('New Password'), 'brand-new-pass');
    await user.type(within(form).getByLabelText('Confirm Password'), 'brand-new-pass');
    const submit = within(form).getByRole('button', { name: 'Update Password' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect(await screen.findByText('This reset link is invalid or has expired')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/reset');
  });
});
