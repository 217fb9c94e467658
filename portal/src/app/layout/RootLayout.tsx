import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AuthDialogsProvider } from '../../shared/auth/AuthDialogs';
import { inCheckoutFrame } from '../../shared/embed/embedParent';
import { enterPage } from '../../shared/toasts/pageToasts';
import { EmbedLayout } from './EmbedLayout';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouteLoading } from './RouteLoading';
import { scrollKey } from './scrollKey';

/** Moves focus to the new page's content after a client-side navigation, as a full load would. */
function useFocusMainOnNavigate() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return mainRef;
}

/** The site's layout, or the chromeless one inside a partner widget's checkout frame. */
export function RootLayout() {
  const { pathname } = useLocation();
  return inCheckoutFrame(pathname) ? <EmbedLayout /> : <SiteLayout />;
}

function SiteLayout() {
  const mainRef = useFocusMainOnNavigate();
  const { pathname } = useLocation();
  // The previous page's toasts go; those raised for this page stay (shared/toasts/pageToasts). A
  // layout effect, so the new page is known before the page's own effects raise any toast.
  useLayoutEffect(() => enterPage(pathname), [pathname]);
  return (
    <AuthDialogsProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" ref={mainRef} tabIndex={-1} className="site-main">
        <Suspense fallback={<RouteLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration getKey={scrollKey} />
    </AuthDialogsProvider>
  );
}
