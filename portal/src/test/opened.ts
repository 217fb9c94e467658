import { type ByRoleMatcher, screen, waitFor } from '@testing-library/react';

/**
 * The dialog, drawer, popover or menu of this role (and name), once it is open AND focus has moved
 * into it. Every one of them appears in one commit and takes focus in an effect after it, later
 * still when its code loads on first use (the sign-in dialog): a key pressed, or focus checked,
 * between the two reaches the page behind instead. Use it wherever a test opens one and then
 * types, presses a key or looks at focus.
 */
export function findOpened(role: ByRoleMatcher, name?: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const panel = screen.getByRole(role, name === undefined ? {} : { name });
    const focused = document.activeElement;
    if (!panel.contains(focused)) {
      const where = focused
        ? `<${focused.tagName.toLowerCase()}> ${focused.textContent?.trim() ?? ''}`
        : 'nothing';
      throw new Error(`${String(role)} ${name ?? ''} is open, but focus is still on ${where}`);
    }
    return panel;
  });
}
