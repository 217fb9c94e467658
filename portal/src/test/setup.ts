import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The files of a worker share one module cache (isolate: false, vitest.config.ts): the libraries
// stay loaded, but each file gets its own copy of the portal's modules, and with them their state
// (which page chunks have arrived, the drafts kept in memory, the toasts' page).
vi.resetModules();

// Every findBy*/waitFor waits up to 15 s: lazy page chunks are transformed on first import and
// a shared CI machine may be busy, so the 1 s default failed runs that were otherwise right.
// A test that is really broken still fails, within the 20 s test timeout (vitest.config.ts).
configure({ asyncUtilTimeout: 15_000 });

// A test in the node environment (the prerender's) has no DOM to set up or clean.
if (typeof window !== 'undefined') {
  // jsdom does not implement scrolling; React Router's ScrollRestoration calls it.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

  afterEach(() => {
    cleanup();
    document.body.style.overflow = '';
    document.getElementById('root')?.removeAttribute('inert');
  });
}
