import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { authedApi } from '../../app/api';
import { useAuth } from '../../app/auth';
import { RequireAuth } from '../../app/RequireAuth';
import { usePageTitle } from '../../components/usePageTitle';

/** The customer dashboard. Orders arrive with the booking issue; until then it shows the account. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  return (
    <RequireAuth what="your dashboard">
      <CustomerDashboard />
    </RequireAuth>
  );
}

function CustomerDashboard() {
  const { user, authFetch } = useAuth();
  const profile = useQuery({ queryKey: ['users', 'me'], queryFn: () => authedApi.me(authFetch) });
  const name = profile.data?.name ?? user?.name;
  const email = profile.data?.email ?? user?.email;

  return (
    <section className="container page">
      <header className="page-header">
        <h1>{name ? `Hello, ${name}` : 'Your dashboard'}</h1>
        <p className="muted">
          Signed in as <strong className="break-all">{email}</strong>
        </p>
      </header>
      <div className="card empty-state">
        <h2>No orders found</h2>
        <p className="muted">When you book a delivery, it appears here with its status and tracking.</p>
        <Link to="/" className="button button--primary">
          Compare quotes
        </Link>
      </div>
    </section>
  );
}
