import { Admin, Resource } from 'react-admin';
import { createAuthProvider } from './authProvider';
import { createDataProvider } from './dataProvider';
import { createHttpClient } from './http';
import { i18nProvider } from './i18n';
import partners from './resources/partners';
import vendors from './resources/vendors';
import { session } from './session';

const authProvider = createAuthProvider(session);
const dataProvider = createDataProvider(createHttpClient(session));

export function App() {
  return (
    <Admin
      title="Consign admin"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      requireAuth
      // react-admin otherwise reports the console's domain to its authors once per load.
      disableTelemetry
    >
      <Resource name="vendors" {...vendors} />
      <Resource name="partners" {...partners} />
    </Admin>
  );
}
