import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';
import { shortReference } from '../../lib/format';
import '../../shared/booking-form/booking.css';

export const SUPPORT_EMAIL = 'support@consign.example';

/** `/successfullorder/`: the success page after a booking is paid. */
export function OrderSuccessPage() {
  usePageTitle('Order placed');
  return (
    <section className="container page narrow">
      <div className="card empty-state">
        <span className="confirmation__check" aria-hidden="true">
          ✓
        </span>
        <h1>Your order has been placed</h1>
        <p className="muted">
          Thank you. Your confirmation is on its way by email, and the order is on your dashboard.
        </p>
        <div className="row row--center">
          <Link to="/dashboard" className="button button--primary">
            Go to Dashboard
          </Link>
          <Link to="/" className="button button--secondary">
            Back to Home
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * `/ordercancelled`: the payment was abandoned (the providers' cancel link comes here with the
 * order). The order is kept, unpaid, so it can be paid later from here or the dashboard.
 */
export function OrderCancelledPage() {
  usePageTitle('Your order is not complete');
  const [params] = useSearchParams();
  const orderId = params.get('order');
  return (
    <section className="container page narrow">
      <div className="card empty-state">
        <span className="confirmation__check confirmation__check--fail" aria-hidden="true">
          !
        </span>
        <h1>Your order is not complete</h1>
        <p className="muted">
          {orderId
            ? `The payment for order ${shortReference(orderId)} was not completed, so nothing has been charged. The order is kept unpaid: you can pay it now or later from your dashboard.`
            : 'The payment was not completed, so nothing has been charged.'}
        </p>
        <p className="muted">
          Need help? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or use the contact form.
        </p>
        <div className="row row--center">
          {orderId ? (
            <Link to={`/payment?order=${encodeURIComponent(orderId)}`} className="button button--primary">
              Try paying again
            </Link>
          ) : null}
          <Link to="/" className="button button--secondary">
            Back to Home
          </Link>
          <Link to="/contact" className="button button--ghost">
            Contact Us
          </Link>
        </div>
      </div>
    </section>
  );
}
