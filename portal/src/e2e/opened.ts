import { expect, type Locator } from '@playwright/test';

/**
 * Waits until the dialog, drawer, popover or menu is shown AND focus has moved into it, and
 * answers it. Each takes focus in an effect after it appears (later still when its code loads
 * on first use, as the sign-in dialog's does): a key pressed in between reaches the page behind
 * it. Call it after whatever opens one, before the test types, presses a key or checks focus.
 * The unit tests' counterpart is `findOpened` (src/test/opened.ts).
 */
export async function expectOpened(panel: Locator): Promise<Locator> {
  await expect(panel).toBeVisible();
  await expect
    .poll(() =>
      panel.evaluate((el) => {
        // Inside a shadow root (the widget) the document's activeElement is the host.
        const root = el.getRootNode() as Document | ShadowRoot;
        return el.contains(root.activeElement);
      }),
    )
    .toBe(true);
  return panel;
}
