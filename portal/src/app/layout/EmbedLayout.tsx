import { checkoutEscape } from '@consign/shared/checkout-messages';
import { Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthDialogsProvider } from '../../shared/auth/AuthDialogs';
import { tellParent } from '../../shared/embed/embedParent';
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
  useEscapeClosesCheckout();
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

/**
 * Escape anywhere in the frame asks the widget to close its modal (a key pressed in a frame never
 * reaches the partner page). An Escape something inside already used, such as a dialog or an open
 * list closing, is left alone.
 */
function useEscapeClosesCheckout() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) tellParent(checkoutEscape());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
