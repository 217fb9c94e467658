import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dashboardFor, useAuth } from '../../app/auth';
import { RequireAuth } from '../../app/RequireAuth';

/**
 * Courier services belong to vendors. Signed-out visitors are asked to log in (RequireAuth);
 * a customer or admin is told why the page is not for them and where to go instead.
 */
export function VendorOnly({ children }: { children: ReactNode }) {
  return (
    <RequireAuth what="your courier services">
      <VendorRoleCheck>{children}</VendorRoleCheck>
    </RequireAuth>
  );
}

function VendorRoleCheck({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user?.role === 'vendor') return <>{children}</>;
  return (
    <section className="container page narrow">
      <div className="card empty-state">
        <h1>Not available for this account</h1>
        <p className="muted">
          Courier services are managed by courier businesses. To offer your own services, sign up with a
          vendor account.
        </p>
        <Link to={dashboardFor(user?.role)} className="button button--primary">
          Go to your dashboard
        </Link>
      </div>
    </section>
  );
}
