import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthDialogsProvider } from '../../shared/auth/AuthDialogs';
import { enterPage } from '../../shared/toasts/pageToasts';
import { RouteLoading } from './RouteLoading';

/**
 * The checkout inside a partner's widget: the page alone, without the site's header, menu and
 * footer (the partner's page is the site around it), and sign-up offers a customer account only
 * (a courier registers on Consign itself). Each checkout step (booking, review, payment) is its
 * own page for toasts, so a message from one step never lingers over the next.
 */
export function EmbedLayout() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => enterPage(`${pathname}${search}`), [pathname, search]);
  return (
    <AuthDialogsProvider customerOnly>
      <main id="main" tabIndex={-1} className="embed-main">
        <Suspense fallback={<RouteLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </AuthDialogsProvider>
  );
}
