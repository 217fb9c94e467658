import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderConsole } from './test/renderConsole';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

it('names every spinner while the console loads, so a scan mid-load finds no nameless progress bar', async () => {
  // The API never answers: the list stays loading, with the app bar's spinner showing.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
  renderConsole('/dropoff-points');
  const spinners = await screen.findAllByRole('progressbar');
  expect(spinners.length).toBeGreaterThan(0);
  for (const spinner of spinners) expect(spinner.getAttribute('aria-label')).toBe('Loading');
});
