import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import * as uploads from '../shared/components/UploadsField.stories';
import * as buttons from './Button.stories';
import * as fields from './Field.stories';

/**
 * Every story of the shared form parts, rendered as Storybook composes it and checked with axe,
 * so the catalogue cannot rot. jsdom draws nothing, so colour contrast is left to the browser
 * tests' axe scans of the pages that use these parts.
 */
const FILES = { 'Form parts/Fields': fields, 'Form parts/Buttons': buttons, 'Form parts/Uploads': uploads };

for (const [title, stories] of Object.entries(FILES)) {
  describe(title, () => {
    for (const [name, Story] of Object.entries(composeStories(stories))) {
      it(`${name}: renders its state and passes axe`, async () => {
        const { container } = render(<Story />);
        const args = Story.args as {
          error?: string;
          disabled?: boolean;
          loading?: boolean;
          uploading?: boolean;
          urls?: string[];
          max?: number;
        };
        const control = container.querySelector('input, select, textarea, button[type="submit"]');
        expect(control).toBeTruthy();
        // The error is announced and tied to its control; a disabled or loading part cannot be used.
        if (args.error) {
          const alert = container.querySelector('[role="alert"]');
          expect(alert?.textContent).toBe(args.error);
          expect(control?.getAttribute('aria-describedby')).toContain(alert?.id);
        } else {
          expect(container.querySelector('[role="alert"]')).toBeNull();
        }
        // An uploads field holding the most it takes is disabled too, and shows each image it holds.
        const full = args.urls !== undefined && args.max !== undefined && args.urls.length >= args.max;
        const busy = Boolean(args.loading || args.uploading);
        expect((control as HTMLInputElement).disabled).toBe(Boolean(args.disabled) || busy || full);
        if (name.startsWith('Password')) expect(control?.getAttribute('type')).toBe('password');
        if (busy) expect(container.querySelector('[role="status"]')?.textContent).toBeTruthy();
        if (args.urls) expect(container.querySelectorAll('img')).toHaveLength(args.urls.length);
        const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
        expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      });
    }
  });
}
