import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';
import { VendorShell } from '../../shared/vendor-shell';

/** `/successful-vendor-register`: after the business details, what the spec says and what comes next. */
export function SuccessfulVendorRegisterPage() {
  usePageTitle('Registration Successful');
  return (
    <VendorShell what="this page">
      <div className="card empty-state">
        <h1>Registration Successful</h1>
        <p>
          Thank you for Vendor Registration. Our Team is reviewing your details and will get back to you
          shortly.
        </p>
        <p className="muted">
          While you wait, complete your onboarding and add your courier services, so that you are ready to
          take orders as soon as your business is active.
        </p>
        <div className="row row--center">
          <Link to="/vendor-onboarding" className="button button--primary">
            Start onboarding
          </Link>
          <Link to="/rate-card" className="button button--secondary">
            Add courier services
          </Link>
        </div>
      </div>
    </VendorShell>
  );
}
