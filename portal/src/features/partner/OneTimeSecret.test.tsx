import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OneTimeSecret } from './OneTimeSecret';

const SECRET = 'sk_test_0123456789abcdefghij';

describe('one-time secret', () => {
  it('shows the secret once with a warning, copies it, and closes only when asked', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onClose = vi.fn();
    render(<OneTimeSecret title="Your new secret key" secret={SECRET} onClose={onClose} />);

    const dialog = screen.getByRole('dialog', { name: 'Your new secret key' });
    expect(dialog.textContent).toContain('this is the only time it is shown');
    const field = screen.getByRole('textbox', { name: 'Secret' }) as HTMLInputElement;
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Copied to the clipboard.');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'I have stored it safely' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('selects the secret for copying by hand when the clipboard is refused', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<OneTimeSecret title="Your endpoint's signing secret" secret="whsec_abc" onClose={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    const field = screen.getByRole('textbox', { name: 'Secret' }) as HTMLInputElement;
    expect(screen.getByRole('status').textContent).toContain('press Ctrl+C');
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe('whsec_abc'.length);
    // Still there: nothing is lost by a refused copy.
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });
});
