import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { rememberFirstEntry } from './app/layout/scrollKey';
import { createQueryClient } from './app/providers';
import { createAppRouter, preloadPage } from './app/router';
import { SessionStore } from './shared/auth/session';
import './styles.css';
// The quote form's styles go with the first stylesheet: the home and results pages show the form
// at once, and as a chunk's own stylesheet they held the chunk's script back until they loaded
// (Vite loads a lazy chunk's CSS first), a round trip before the results page could ask for its quote.
import './shared/quotes/quotes.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The session's restore (a refresh request) starts now rather than once React has rendered the
// page: on a phone that is hundreds of milliseconds sooner, and the results page waits for it
// before asking for its quote (so a signed-in customer's quote is theirs).
const session = new SessionStore();
session.start();
// The opening page's chunk (and the results page's quote) start loading now, alongside the restore.
const queryClient = createQueryClient();
void preloadPage({ queryClient, apiClient: session.client, location: window.location });

/** Lets the browser paint and answer input before the next step of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function startApp(root: HTMLElement) {
  // The router's creation (matching the routes, restoring scroll positions from storage) is a
  // task of its own rather than part of React's first render: on a phone each is a long task,
  // and two shorter ones block input for less time than one of their sum.
  await nextTask();
  // Before the router is made, so that no navigation has moved history.state on (app/layout/scrollKey).
  rememberFirstEntry();
  const router = createAppRouter();
  await nextTask();
  const app = (
    <StrictMode>
      <App session={session} router={router} queryClient={queryClient} />
    </StrictMode>
  );
  // In a transition: React renders in slices the browser can paint and answer input between,
  // instead of one long task (the difference between a usable phone and a frozen one).
  startTransition(() => {
    // The home page arrives prerendered (src/prerender.tsx) and is hydrated. Inside a partner's
    // checkout frame the layout differs from the prerendered one, so it is rendered afresh.
    if (root.firstElementChild && window.parent === window) {
      hydrateRoot(root, app);
    } else {
      root.replaceChildren();
      createRoot(root).render(app);
    }
  });
}

void startApp(container);
