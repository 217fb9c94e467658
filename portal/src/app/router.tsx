import { type ComponentType, lazy, useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/HomePage';
import { RouteErrorPage } from '../features/static/RouteErrorPage';
import type { PrefetchContext } from '../shared/api/prefetch';
import { RequireRole } from '../shared/auth/RequireRole';
import { NotFoundPage } from '../shared/components/NotFoundPage';
import { RootLayout } from './layout/RootLayout';

/** How many lazy pages there are: each page's element gets its own key. */
let pageCount = 0;

/**
 * Pages most visits never open are split out of the first download. React.lazy (not the
 * router's `lazy`) keeps the header and footer on screen while a page chunk loads; RootLayout
 * wraps the outlet in Suspense.
 */
function lazyPage<K extends string>(load: () => Promise<PageModule<K>>, name: K) {
  const page: LoadingPage = {
    lazy: lazy<ComponentType>(async () => ({ default: (await preload())[name] })),
  };
  function preload() {
    return load().then((module) => {
      page.loaded = module[name];
      return module;
    });
  }
  const handle: PageHandle = { preload };
  // Keyed: moving from one page to another must mount the new one, not reuse the old one's state.
  pageCount += 1;
  return { element: <LazyPage key={`page-${pageCount}`} page={page} />, handle };
}

interface LoadingPage {
  /** The page's component once its chunk has arrived. */
  loaded?: ComponentType;
  lazy: ComponentType;
}

/**
 * A page whose chunk arrived before it first renders (preloadPage) is rendered at once: React.lazy
 * suspends on its first render even then, and the page would wait for a Suspense retry. Chosen
 * once per mount, so a page never swaps one component for the other (which would remount it).
 */
function LazyPage({ page }: { page: LoadingPage }) {
  const [Component] = useState(() => page.loaded ?? page.lazy);
  return <Component />;
}

/** A lazy page's module: its component, and optionally the data it will ask for first. */
type PageModule<K extends string> = Record<K, ComponentType> & {
  prefetchPage?: (context: PrefetchContext) => void;
};

interface PageHandle {
  preload: () => Promise<PageModule<string>>;
}

const dashboardPage = lazyPage(() => import('../features/orders/DashboardPage'), 'DashboardPage');
const batchesPage = lazyPage(() => import('../features/batches/BatchesPage'), 'BatchesPage');
const batchPage = lazyPage(() => import('../features/batches/BatchPage'), 'BatchPage');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage standalone />,
    children: [
      {
        // Errors inside a page keep the header and footer around the message.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'signin', ...lazyPage(() => import('../features/auth/SignInPage'), 'SignInPage') },
          { path: 'signup', ...lazyPage(() => import('../features/auth/SignUpPage'), 'SignUpPage') },
          {
            path: 'reset',
            ...lazyPage(() => import('../features/auth/ResetRequestPage'), 'ResetRequestPage'),
          },
          {
            path: 'reset/:token',
            ...lazyPage(() => import('../features/auth/ResetConfirmPage'), 'ResetConfirmPage'),
          },
          {
            path: 'track',
            ...lazyPage(() => import('../features/tracking/TrackLookupPage'), 'TrackLookupPage'),
          },
          {
            path: 'track/:code',
            ...lazyPage(() => import('../features/tracking/TrackingPage'), 'TrackingPage'),
          },
          { path: 'returns', ...lazyPage(() => import('../features/returns/ReturnsPage'), 'ReturnsPage') },
          {
            path: 'order-view',
            ...lazyPage(() => import('../features/booking/OrderViewPage'), 'OrderViewPage'),
          },
          { path: 'contact', ...lazyPage(() => import('../features/static/ContactPage'), 'ContactPage') },
          { path: 'terms', ...lazyPage(() => import('../features/static/TermsPage'), 'TermsPage') },
          { path: 'toc', ...lazyPage(() => import('../features/static/TermsPage'), 'TermsPage') },
          { path: 'privacy', ...lazyPage(() => import('../features/static/PrivacyPage'), 'PrivacyPage') },
          {
            path: 'dashboard',
            // Its chunk is preloaded like any page's (the handle) while the session is restored.
            handle: dashboardPage.handle,
            // Customers only: a vendor or admin is pointed to its own dashboard instead.
            element: (
              <RequireRole roles={['customer']} what="the customer dashboard">
                {dashboardPage.element}
              </RequireRole>
            ),
          },
          { path: 'profile', ...lazyPage(() => import('../features/profile/ProfilePage'), 'ProfilePage') },
          {
            path: 'address-book',
            ...lazyPage(() => import('../features/address-book/AddressBookPage'), 'AddressBookPage'),
          },
          {
            path: 'batches',
            element: (
              <RequireRole roles={['customer']} what="your batches">
                {batchesPage.element}
              </RequireRole>
            ),
          },
          {
            path: 'batches/:id',
            element: (
              <RequireRole roles={['customer']} what="this batch">
                {batchPage.element}
              </RequireRole>
            ),
          },
          {
            path: 'vendor-dashboard',
            ...lazyPage(
              () => import('../features/vendor-dashboard/VendorDashboardPage'),
              'VendorDashboardPage',
            ),
          },
          {
            path: 'vendor-details',
            ...lazyPage(() => import('../features/vendor-account/VendorDetailsPage'), 'VendorDetailsPage'),
          },
          {
            path: 'successful-vendor-register',
            ...lazyPage(
              () => import('../features/vendor-account/SuccessfulVendorRegisterPage'),
              'SuccessfulVendorRegisterPage',
            ),
          },
          {
            path: 'vendor-profile',
            ...lazyPage(() => import('../features/vendor-account/VendorProfilePage'), 'VendorProfilePage'),
          },
          {
            path: 'vendor-onboarding',
            ...lazyPage(() => import('../features/onboarding/OnboardingPage'), 'OnboardingPage'),
          },
          {
            path: 'vendor-panel',
            ...lazyPage(() => import('../features/onboarding/VendorPanelPage'), 'VendorPanelPage'),
          },
          {
            path: 'vendor-payouts',
            ...lazyPage(() => import('../features/vendor-payouts/VendorPayoutsPage'), 'VendorPayoutsPage'),
          },
          {
            path: 'vendor-dropoff-points',
            ...lazyPage(() => import('../features/vendor-dropoff/DropOffPointsPage'), 'DropOffPointsPage'),
          },
          {
            path: 'vendor-dropoff-points/new',
            ...lazyPage(
              () => import('../features/vendor-dropoff/DropOffPointFormPage'),
              'DropOffPointFormPage',
            ),
          },
          {
            path: 'vendor-dropoff-points/:pointId/edit',
            ...lazyPage(
              () => import('../features/vendor-dropoff/DropOffPointFormPage'),
              'DropOffPointFormPage',
            ),
          },
          {
            path: 'vendor-bids',
            ...lazyPage(() => import('../features/vendor-bids/VendorBidsPage'), 'VendorBidsPage'),
          },
          {
            path: 'dev/mailbox',
            ...lazyPage(() => import('../features/dev-mailbox/MailboxPage'), 'MailboxPage'),
          },
          { path: 'result', ...lazyPage(() => import('../features/quotes/ResultPage'), 'ResultPage') },
          {
            path: 'rate-card',
            ...lazyPage(
              () => import('../features/courier-services/CourierServicesPage'),
              'CourierServicesPage',
            ),
          },
          {
            path: 'add-courier',
            ...lazyPage(() => import('../features/courier-services/CourierFormPage'), 'CourierFormPage'),
          },
          {
            path: 'edit-courier/:courierId',
            ...lazyPage(() => import('../features/courier-services/CourierFormPage'), 'CourierFormPage'),
          },
          { path: 'booking', ...lazyPage(() => import('../features/booking/BookingPage'), 'BookingPage') },
          {
            path: 'reviewOrder',
            ...lazyPage(() => import('../features/booking/ReviewOrderPage'), 'ReviewOrderPage'),
          },
          { path: 'payment', ...lazyPage(() => import('../features/payment/PaymentPage'), 'PaymentPage') },
          {
            path: 'booking-confirmation',
            ...lazyPage(() => import('../features/booking/BookingConfirmedPage'), 'BookingConfirmedPage'),
          },
          {
            path: 'successfullorder',
            ...lazyPage(() => import('../features/booking/ResultPages'), 'OrderSuccessPage'),
          },
          {
            path: 'ordercancelled',
            ...lazyPage(() => import('../features/booking/ResultPages'), 'OrderCancelledPage'),
          },
          {
            path: 'getting-label',
            ...lazyPage(() => import('../features/orders/DocumentPages'), 'LabelPage'),
          },
          {
            path: 'custom-declaration',
            ...lazyPage(() => import('../features/orders/DocumentPages'), 'CustomsDeclarationPage'),
          },
          {
            path: 'couriers/:slug',
            ...lazyPage(() => import('../features/courier-profile/CourierProfilePage'), 'CourierProfilePage'),
          },
          {
            path: 'orders/:id/drop-off',
            ...lazyPage(() => import('../features/orders/ChooseDropOffPage'), 'ChooseDropOffPage'),
          },
          {
            path: 'orders/:id/review',
            ...lazyPage(() => import('../features/reviews/ReviewPage'), 'ReviewPage'),
          },
          { path: 'post-job', ...lazyPage(() => import('../features/jobs/PostJobPage'), 'PostJobPage') },
          { path: 'partner', ...lazyPage(() => import('../features/partner/PartnerPage'), 'PartnerPage') },
          {
            path: 'set-password',
            ...lazyPage(() => import('../features/partner/SetPasswordPage'), 'SetPasswordPage'),
          },
          {
            path: 'embed/checkout',
            ...lazyPage(() => import('../features/booking/EmbedCheckoutPage'), 'EmbedCheckoutPage'),
          },
          // Any other single segment is a quote landing article; static paths always rank above it.
          { path: ':slug', ...lazyPage(() => import('../features/landing/LandingPage'), 'LandingPage') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The lazy page at exactly `pathname`, if one is there (a route with parameters never is). */
function pageAt(pathname: string, list: RouteObject[] = routes, parent = ''): PageHandle | undefined {
  for (const route of list) {
    const path = route.path ? `${parent}/${route.path}` : parent;
    if (route.handle && path === pathname) return route.handle;
    const inside = route.children && pageAt(pathname, route.children, path);
    if (inside) return inside;
  }
  return undefined;
}

/**
 * Starts the opening page's chunk, and whatever data that page asks for first, as the app starts
 * rather than once React has rendered the layout around it: on a phone the first render is
 * hundreds of milliseconds, and the results page's quote waited for it and then for its chunk.
 * A plain lookup of the fixed addresses, not the router's matching (tens of milliseconds of a
 * phone's start, done again when the router is made). A page whose chunk fails to load here is
 * left to React.lazy, which loads it again and reports the failure. Resolves once the page's
 * chunk is in and its prefetch started.
 */
export async function preloadPage(context: PrefetchContext): Promise<void> {
  const page = pageAt(context.location.pathname.replace(/(.)\/+$/, '$1'));
  const module = await page?.preload().catch(() => undefined);
  module?.prefetchPage?.(context);
}

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}
