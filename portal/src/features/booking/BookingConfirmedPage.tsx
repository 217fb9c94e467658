import { formatMoney } from '@consign/shared/money';
import { serviceTypeLabel } from '@consign/shared/services';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { describeParcel, formatLongDate, shortReference, totalWeight } from '../../lib/format';
import { useReferenceData } from '../../shared/api/meta';
import { orderKeys, ordersApi } from '../../shared/api/orders';
import { useAuth } from '../../shared/auth/auth';
import { DropOffPointSummary } from '../../shared/dropoff/DropOffPointSummary';
import { chooseDropOffHref } from '../../shared/dropoff/hours';
import { AddressColumns, CustomsSections, Section } from '../../shared/orders/OrderParts';
import { useCountdown } from './useCountdown';
import '../../shared/booking-form/booking.css';

export const REDIRECT_SECONDS = 5;

/**
 * `/booking-confirmation?order=<id>`: the booking, then a 5-second countdown to the dashboard.
 * Renders without an order too (a bookmarked or shared link): just the headline and the buttons.
 */
export function BookingConfirmedPage() {
  usePageTitle('Booking Confirmed');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('order');
  const { status, apiClient } = useAuth();
  const reference = useReferenceData();
  const [paused, setPaused] = useState(false);
  const order = useQuery({
    queryKey: orderKeys.detail(id ?? ''),
    queryFn: ({ signal }) => ordersApi.get(apiClient, id ?? '', signal),
    enabled: Boolean(id) && status === 'authenticated',
  });
  const left = useCountdown(REDIRECT_SECONDS, () => navigate('/dashboard'), paused);
  const o = order.data;
  const number = o?.reference ?? (id ? shortReference(id) : null);
  const progress = ((REDIRECT_SECONDS - left) / REDIRECT_SECONDS) * 100;

  return (
    <section className="container page narrow confirmation">
      <div className="card stack confirmation__card">
        <div className="confirmation__head">
          <span className="confirmation__check" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="40" height="40" focusable="false">
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          <h1>Booking Confirmed!</h1>
          {number ? (
            <p className="confirmation__number">
              Order number <strong>{number}</strong>
            </p>
          ) : null}
          <p className="muted">Thank you. We have emailed you the details and told the courier.</p>
        </div>

        <div className="confirmation__redirect">
          {/* Announced once; the changing number is for the eyes only (a tick per second would be noise). */}
          <p className="visually-hidden" role="status">
            {paused
              ? 'Automatic redirect paused.'
              : `Taking you to your dashboard in ${REDIRECT_SECONDS} seconds.`}
          </p>
          <p aria-hidden="true">
            {paused
              ? 'Automatic redirect paused.'
              : `Taking you to your dashboard in ${left} second${left === 1 ? '' : 's'}…`}
          </p>
          <div
            className="progress"
            role="progressbar"
            aria-label="Redirect to the dashboard"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress)}
          >
            <span className="progress__bar" style={{ width: `${progress}%` }} />
          </div>
          {paused ? null : (
            <button type="button" className="link-button" onClick={() => setPaused(true)}>
              Stay on this page
            </button>
          )}
        </div>

        {order.isFetching && !o ? <Spinner label="Loading your booking" size="md" /> : null}

        {o ? (
          <>
            <Section title="Service Details">
              <dl className="meta-list">
                <dt>Courier</dt>
                <dd>
                  {o.serviceName} <span className="muted">by {o.vendor.name}</span>
                </dd>
                <dt>Service</dt>
                <dd>{serviceTypeLabel(o.serviceType)}</dd>
                <dt>Collection date</dt>
                <dd>{formatLongDate(o.collectionDate)}</dd>
                {o.estimatedDelivery ? (
                  <>
                    <dt>Estimated delivery</dt>
                    <dd>{formatLongDate(o.estimatedDelivery)}</dd>
                  </>
                ) : null}
                {o.trackingNumber ? (
                  <>
                    <dt>Tracking number</dt>
                    <dd>{o.trackingNumber}</dd>
                  </>
                ) : null}
                <dt>Total paid</dt>
                <dd>{formatMoney(o.price.total, o.price.currency)}</dd>
              </dl>
            </Section>
            <Section title="Package Information">
              <dl className="meta-list">
                <dt>Content</dt>
                <dd>{o.contents}</dd>
                <dt>Value</dt>
                <dd>{formatMoney(o.contentValue, o.price.currency)}</dd>
                <dt>Weight</dt>
                <dd>{totalWeight(o.parcels)} kg</dd>
                <dt>Parcels</dt>
                <dd>{o.parcels.map(describeParcel).join('; ')}</dd>
                <dt>Extended cover</dt>
                <dd>{o.coverAmount > 0 ? `Up to ${formatMoney(o.coverAmount, 'GBP')}` : 'No'}</dd>
              </dl>
            </Section>
            <AddressColumns
              titles={['Sender Address', 'Delivery Address']}
              collection={o.collectionAddress}
              delivery={o.deliveryAddress}
              reference={reference.data}
            />
            {o.dropOffPoint ? (
              <DropOffPointSummary
                point={o.dropOffPoint}
                code={o.dropOffCode}
                changeHref={chooseDropOffHref(o.id)}
              />
            ) : null}
            <CustomsSections
              customs={o.customs}
              items={o.items}
              currency={o.price.currency}
              reference={reference.data}
            />
            <Section title="What Happens Next">
              <ol className="next-steps">
                <li>We have emailed your confirmation and let {o.vendor.name} know.</li>
                {o.printerless ? (
                  <li>
                    No printer needed: show the QR code above at the drop-off point; they print the label.
                  </li>
                ) : (
                  <li>
                    Print your label from your dashboard (or{' '}
                    <Link to={`/getting-label?order=${encodeURIComponent(o.id)}`}>here</Link>) and stick it on
                    the parcel.
                  </li>
                )}
                {o.customs ? (
                  <li>
                    Print the{' '}
                    <Link to={`/custom-declaration?order=${encodeURIComponent(o.id)}`}>
                      customs declaration
                    </Link>{' '}
                    and attach it to the parcel in a clear pouch.
                  </li>
                ) : null}
                <li>
                  {o.dropOffPoint
                    ? `Take the parcel to ${o.dropOffPoint.name} on ${formatLongDate(o.collectionDate)}.`
                    : `Have the parcel ready for collection on ${formatLongDate(o.collectionDate)}.`}
                </li>
                <li>Follow every step on your dashboard; you can cancel within 1 hour of paying.</li>
              </ol>
            </Section>
          </>
        ) : null}

        <div className="row row--center confirmation__actions">
          <Link to="/dashboard" className="button button--primary">
            Go to Dashboard Now
          </Link>
          <Link to="/" className="button button--secondary">
            Back to Home
          </Link>
        </div>
      </div>
    </section>
  );
}
