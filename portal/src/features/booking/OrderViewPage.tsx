import { formatMoney } from '@consign/shared/money';
import { serviceTypeLabel } from '@consign/shared/services';
import { ORDER_STATUS_FACTS } from '@consign/shared/statuses';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDateTime, formatLongDate } from '../../lib/format';
import { describeError, isApiError } from '../../shared/api/client';
import { type OrderView, orderViewApi, orderViewLabelPath, placeName } from '../../shared/api/order-view';
import { Section } from '../../shared/orders/OrderParts';
import '../../shared/booking-form/booking.css';

/**
 * `/order-view?token=…`: the order a widget shopper booked, opened from the partner's page with
 * the signed link the checkout gave them (docs/widget.md, "After the booking"). No account and no
 * redirect: the confirmation, towns only, and the label. A changed or lapsed link says so.
 */
export function OrderViewPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const view = useQuery({
    queryKey: ['order-view', token],
    queryFn: ({ signal }) => orderViewApi.get(token, signal),
    enabled: token !== '',
    retry: false,
  });
  usePageTitle(view.data ? `Order ${view.data.reference}` : 'Your order');

  return (
    <section className="container page narrow confirmation">
      {token === '' || (view.isError && isApiError(view.error, 404)) ? (
        <LinkProblem
          title="This order link is not valid"
          why="The link may have been cut short when it was copied. Open it again from the booking page, or use the link in the confirmation email."
        />
      ) : view.isError && isApiError(view.error, 410) ? (
        <LinkProblem
          title="This order link has expired"
          why="Order links work for 30 days. Sign in to Consign with the account you booked with to see the order and print its label."
        />
      ) : view.isError ? (
        <div className="card stack" role="alert">
          <h1>We could not load this order</h1>
          <p>{describeError(view.error)}</p>
          <div className="row">
            <button type="button" className="button button--primary" onClick={() => void view.refetch()}>
              Try again
            </button>
          </div>
        </div>
      ) : view.data ? (
        <OrderViewCard view={view.data} token={token} />
      ) : (
        <Spinner label="Loading your order" size="lg" />
      )}
    </section>
  );
}

function LinkProblem({ title, why }: { title: string; why: string }) {
  return (
    <div className="card stack" role="alert">
      <h1>{title}</h1>
      <p>{why}</p>
      <div className="row">
        <Link className="button button--primary" to="/signin">
          Sign in
        </Link>
        <Link className="button" to="/track">
          Track a parcel
        </Link>
      </div>
    </div>
  );
}

function headline(view: OrderView): string {
  if (view.status === 'cancelled') return `Order ${view.reference} is cancelled`;
  if (!view.paid) return `Order ${view.reference} is awaiting payment`;
  return `Order ${view.reference} is booked`;
}

function OrderViewCard({ view, token }: { view: OrderView; token: string }) {
  return (
    <div className="card stack confirmation__card">
      <div className="confirmation__head">
        <h1>{headline(view)}</h1>
        <p className="muted">
          Status: <strong>{ORDER_STATUS_FACTS[view.status].label}</strong>
        </p>
      </div>
      <Section title="Your booking">
        <dl className="meta-list">
          <dt>Courier</dt>
          <dd>
            {view.serviceName} <span className="muted">by {view.vendorName}</span>
          </dd>
          <dt>Service</dt>
          <dd>{serviceTypeLabel(view.serviceType)}</dd>
          <dt>Collection date</dt>
          <dd>{formatLongDate(view.collectionDate)}</dd>
          <dt>From</dt>
          <dd>{placeName(view.from)}</dd>
          <dt>To</dt>
          <dd>{placeName(view.to)}</dd>
          <dt>{view.paid ? 'Total paid' : 'Price'}</dt>
          <dd>{formatMoney(view.price.total, view.price.currency)}</dd>
          {view.trackingNumber ? (
            <>
              <dt>Tracking number</dt>
              <dd>
                <Link to={`/track/${encodeURIComponent(view.trackingNumber)}`}>{view.trackingNumber}</Link>
              </dd>
            </>
          ) : null}
        </dl>
      </Section>
      <Section title="Label">
        {view.label.available ? (
          <div className="stack">
            <p>Print the label and stick it on the parcel before it is collected or dropped off.</p>
            <div className="row">
              <a className="button button--primary" href={orderViewLabelPath(token)} download>
                Download the label (PDF)
              </a>
            </div>
          </div>
        ) : (
          <p className="muted">{view.label.reason}</p>
        )}
      </Section>
      <p className="muted">
        This link works until {formatDateTime(view.expiresAt)}. Anyone who has it can see this order and print
        its label, so share it only with people you trust. The confirmation email has the full details; sign
        in to Consign to change or cancel the order.
      </p>
    </div>
  );
}
