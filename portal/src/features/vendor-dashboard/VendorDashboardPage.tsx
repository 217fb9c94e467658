import { Link } from 'react-router';
import { useAuth } from '../../app/auth';
import { RequireAuth } from '../../app/RequireAuth';
import { usePageTitle } from '../../components/usePageTitle';

/** Where vendors land after signing in. The vendor issue replaces this with orders and stats. */
export function VendorDashboardPage() {
  usePageTitle('Vendor dashboard');
  return (
    <RequireAuth what="the vendor dashboard" roles={['vendor']}>
      <VendorWelcome />
    </RequireAuth>
  );
}

function VendorWelcome() {
  const { user } = useAuth();
  return (
    <section className="container page">
      <header className="page-header">
        <h1>{user?.name ?? 'Vendor'}</h1>
        <p className="muted">
          Signed in as <strong className="break-all">{user?.email}</strong>
        </p>
      </header>
      <div className="card empty-state">
        <h2>Your vendor account is set up</h2>
        <p className="muted">
          Business details, courier services and orders will be managed here. Our team reviews every new
          courier business before its services are shown to customers.
        </p>
        <p>
          <Link className="button button--primary" to="/rate-card">
            My Rate Cards
          </Link>
        </p>
      </div>
    </section>
  );
}
