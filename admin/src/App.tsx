import { lazy } from 'react';
import { Admin, Resource, useLogin } from 'react-admin';
import { createAuthProvider } from './authProvider';
import { ConsignLayout, theme } from './branding';
import { createDataProvider } from './dataProvider';
import finance from './finance';
import { createHttpClient } from './http';
import { i18nProvider } from './i18n';
import adjustments from './resources/adjustments';
import articles from './resources/articles';
import auditLog from './resources/audit-log';
import claims from './resources/claims';
import contactMessages from './resources/contact-messages';
import courierServices from './resources/courier-services';
import dropOffPoints from './resources/dropoff-points';
import jobs from './resources/jobs';
import orders from './resources/orders';
import partners from './resources/partners';
import payouts from './resources/payouts';
import quotes from './resources/quotes';
import reviews from './resources/reviews';
import users from './resources/users';
import vendors from './resources/vendors';
import { session } from './session';
import { SignInPage } from './signin/SignInPage';

// The dashboard loads on demand like the resources' pages (its figures are not needed to start).
const Dashboard = lazy(() => import('./dashboard/Dashboard').then((m) => ({ default: m.Dashboard })));

const authProvider = createAuthProvider(session);
const dataProvider = createDataProvider(createHttpClient(session));

/** When a session ends inside the console: the same plain form, then back where staff were. */
function ConsoleSignIn() {
  const login = useLogin();
  return <SignInPage onSubmit={(credentials) => login(credentials)} />;
}

export function App() {
  return (
    <Admin
      title="Consign admin"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      loginPage={ConsoleSignIn}
      layout={ConsignLayout}
      dashboard={Dashboard}
      theme={theme}
      requireAuth
      // react-admin otherwise reports the console's domain to its authors once per load.
      disableTelemetry
    >
      <Resource name="vendors" {...vendors} />
      <Resource name="orders" {...orders} />
      <Resource name="jobs" {...jobs} />
      <Resource name="claims" {...claims} />
      <Resource name="adjustments" {...adjustments} />
      {/* A page of figures, not records: its "list" is the Finance page (finance/FinancePage.tsx). */}
      <Resource name="finance" {...finance} />
      <Resource name="courier-services" {...courierServices} />
      <Resource name="dropoff-points" {...dropOffPoints} />
      <Resource name="quotes" {...quotes} />
      <Resource name="articles" {...articles} />
      <Resource name="contact-messages" {...contactMessages} />
      <Resource name="reviews" {...reviews} />
      <Resource name="users" {...users} />
      {/* No pages of its own: listed on each user's page (users/UserSessions.tsx). */}
      <Resource name="user-sessions" />
      <Resource name="audit-log" {...auditLog} />
      <Resource name="partners" {...partners} />
      <Resource name="payouts" {...payouts} />
    </Admin>
  );
}
