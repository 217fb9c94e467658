import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Credentials, SignInPage } from './SignInPage';

afterEach(cleanup);

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in page', () => {
  it('sends what was typed and shows it is busy until the answer', async () => {
    const sent: Credentials[] = [];
    let settle: () => void = () => undefined;
    render(
      <SignInPage
        onSubmit={(credentials) => {
          sent.push(credentials);
          return new Promise<void>((resolve) => {
            settle = resolve;
          });
        }}
      />,
    );
    fill('admin@consign.example', 'secret-pass');
    expect(sent).toEqual([{ email: 'admin@consign.example', password: 'secret-pass' }]);
    expect(await screen.findByRole('button', { name: 'Signing in…' })).toHaveProperty('disabled', true);
    settle();
  });

  it('shows why a sign-in failed and lets staff try again', async () => {
    let attempts = 0;
    render(
      <SignInPage
        onSubmit={async () => {
          attempts += 1;
          throw new Error('Wrong email or password');
        }}
      />,
    );
    fill('admin@consign.example', 'nope');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong email or password');
    const button = await screen.findByRole('button', { name: 'Sign in' });
    expect(button).toHaveProperty('disabled', false);
    fill('admin@consign.example', 'nope again');
    expect(attempts).toBe(2);
  });

  it('opens with a notice when one is given (a customer session on this origin)', () => {
    render(<SignInPage notice="This console is for Consign staff" onSubmit={async () => undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('This console is for Consign staff');
  });
});
