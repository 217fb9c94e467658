import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Both in a transition: React renders in slices the browser can paint and answer input between,
// instead of one long task (the difference between a usable phone and a frozen one).
startTransition(() => {
  // The home page arrives prerendered (src/prerender.tsx) and is hydrated. Inside a partner's
  // checkout frame the layout differs from the prerendered one, so it is rendered afresh.
  if (container.firstElementChild && window.parent === window) {
    hydrateRoot(container, app);
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
});
