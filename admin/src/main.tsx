import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { signIn } from './authProvider';
import { STAFF_ONLY, session } from './session';
import { SignInPage } from './signin/SignInPage';

const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root element');
const root = createRoot(element);

/**
 * react-admin and Material UI are most of the console's JavaScript, and a visit without a session
 * needs neither: it gets the plain sign-in page first, and the console loads once there is a
 * session (at once when the refresh cookie still holds one).
 */
function openConsole(): Promise<void> {
  return import('./App').then(({ App }) =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

function showSignIn(notice?: string) {
  root.render(
    <StrictMode>
      <SignInPage
        notice={notice}
        onSubmit={(credentials) => signIn(session, credentials).then(openConsole)}
      />
    </StrictMode>,
  );
}

session.refresh().then(
  (outcome) =>
    outcome === 'signed-in' ? openConsole() : showSignIn(outcome === 'not-staff' ? STAFF_ONLY : undefined),
  (error: unknown) => showSignIn(error instanceof Error ? error.message : undefined),
);
