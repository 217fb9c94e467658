import { configure, render } from '@testing-library/react';
import { Admin, Resource } from 'react-admin';
import { ConsignLayout, theme } from '../branding';
import { createDataProvider } from '../dataProvider';
import finance from '../finance';
import { createHttpClient } from '../http';
import { i18nProvider } from '../i18n';
import adjustments from '../resources/adjustments';
import articles from '../resources/articles';
import auditLog from '../resources/audit-log';
import claims from '../resources/claims';
import contactMessages from '../resources/contact-messages';
import courierServices from '../resources/courier-services';
import dropOffPoints from '../resources/dropoff-points';
import jobs from '../resources/jobs';
import orders from '../resources/orders';
import partners from '../resources/partners';
import payouts from '../resources/payouts';
import quotes from '../resources/quotes';
import reviews from '../resources/reviews';
import users from '../resources/users';
import vendors from '../resources/vendors';
import { SessionStore } from '../session';
import { session } from './fetchStub';

// As the portal's tests do: a bound for a busy shared machine (pages load on demand), not a wait.
configure({ asyncUtilTimeout: 15_000 });

/**
 * The console as staff see it, signed in, at `path` (its hash route), over the real data provider
 * and HTTP client; the test's stubFetch answers the API.
 */
export function renderConsole(path: string) {
  const store = new SessionStore();
  store.accept(session('admin'));
  window.location.hash = `#${path}`;
  return render(
    <Admin
      dataProvider={createDataProvider(createHttpClient(store))}
      i18nProvider={i18nProvider}
      disableTelemetry
      theme={theme}
      layout={ConsignLayout}
    >
      <Resource name="vendors" {...vendors} />
      <Resource name="orders" {...orders} />
      <Resource name="jobs" {...jobs} />
      <Resource name="claims" {...claims} />
      <Resource name="adjustments" {...adjustments} />
      <Resource name="courier-services" {...courierServices} />
      <Resource name="dropoff-points" {...dropOffPoints} />
      <Resource name="users" {...users} />
      <Resource name="user-sessions" />
      <Resource name="quotes" {...quotes} />
      <Resource name="articles" {...articles} />
      <Resource name="contact-messages" {...contactMessages} />
      <Resource name="audit-log" {...auditLog} />
      <Resource name="partners" {...partners} />
      <Resource name="reviews" {...reviews} />
      <Resource name="payouts" {...payouts} />
      <Resource name="finance" {...finance} />
    </Admin>,
  );
}
