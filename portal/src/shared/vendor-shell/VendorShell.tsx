import type { ReactNode } from 'react';
import { Link, Navigate, NavLink } from 'react-router';
import { useMyVendor, type Vendor } from '../api/vendor';
import { RequireRole } from '../auth/RequireRole';
// The side menu looks like the customer dashboard's: same layout classes.
import '../orders/orders.css';
import './vendor-shell.css';

/** Spec 2.3's vendor menu, with the onboarding status page beside it. */
const LINKS = [
  { to: '/vendor-dashboard', label: 'Dashboard' },
  { to: '/rate-card', label: 'Rate Cards' },
  { to: '/vendor-dropoff-points', label: 'Drop-off Points' },
  { to: '/vendor-bids', label: 'Available Bids' },
  { to: '/vendor-payouts', label: 'Payouts' },
  { to: '/vendor-panel', label: 'Onboarding' },
  { to: '/vendor-profile', label: 'Profile' },
] as const;

interface VendorShellProps {
  children: ReactNode;
  /** What the page is, for the sign-in and wrong-role messages ("the vendor dashboard"). */
  what: string;
}

/**
 * Every vendor page: needs a vendor session (RequireRole), shows the side menu and, until staff
 * activate the business, the pending notice saying what happens next.
 */
export function VendorShell({ children, what }: VendorShellProps) {
  return (
    <RequireRole roles={['vendor']} what={what}>
      <DetailsFirst>
        <section className="container page dashboard">
          <nav className="dashboard__nav" aria-label="Vendor">
            <ul>
              {LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to}>{link.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="dashboard__main vendor-shell__main">
            <VendorStatusNotice />
            {children}
          </div>
        </section>
      </DetailsFirst>
    </RequireRole>
  );
}

/** True once the courier has saved its business details (the form requires the shop name). */
export function hasBusinessDetails(vendor: Pick<Vendor, 'shopName'>): boolean {
  return Boolean(vendor.shopName?.trim());
}

/**
 * A courier that verified its email but left before the business details (and signed in later)
 * is sent to that form first, from any vendor page: nothing else asks for the shop's name and
 * address, and the onboarding wizard builds on them.
 */
function DetailsFirst({ children }: { children: ReactNode }) {
  const vendor = useMyVendor();
  if (vendor.data && !hasBusinessDetails(vendor.data)) return <Navigate to="/vendor-details" replace />;
  return children;
}

/** Nothing once the business is active; while it is not, why and what comes next. */
export function VendorStatusNotice() {
  const vendor = useMyVendor();
  if (!vendor.data || vendor.data.status === 'active') return null;
  return <StatusNotice vendor={vendor.data} />;
}

function StatusNotice({ vendor }: { vendor: Vendor }) {
  if (vendor.status === 'suspended') {
    return (
      <div className="alert alert--error vendor-status" role="status">
        <strong>Your business is suspended.</strong> Your courier services are not shown in quotes and you
        cannot take new jobs. Please <Link to="/contact">contact us</Link>.
      </div>
    );
  }
  return (
    <div className="alert alert--info vendor-status" role="status">
      <strong>Your business is pending activation.</strong> Our team is reviewing your details. Until it is
      active, your courier services are not shown in quotes.
      <span className="vendor-status__next">
        What happens next: complete your <Link to="/vendor-onboarding">onboarding</Link> and add your{' '}
        <Link to="/rate-card">courier services</Link>; once our team has checked them, your business is
        activated and customers can book you. You can follow this on your{' '}
        <Link to="/vendor-panel">onboarding page</Link>.
      </span>
    </div>
  );
}
