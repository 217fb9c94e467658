import { formatMoney } from '@consign/shared/money';
import { serviceTypeLabel } from '@consign/shared/services';
import { describeParcel, formatLongDate, totalWeight } from '../../lib/format';
import type { DeliveryDate, Quote, QuoteOption } from '../../shared/api/booking';
import { RatingLine } from '../../shared/quotes/Scores';

interface BookingSummaryProps {
  quote: Quote;
  option: QuoteOption;
  route: string;
  /** The chosen cover's fee, when one is chosen; added to the quoted total. */
  coverFee: number | null;
  /** The delivery for the collection date on the form (or the quote's); null while it loads. */
  delivery: DeliveryDate | null;
}

/** The chosen service beside the form: what is being booked and what it will cost. */
export function BookingSummary({ quote, option, route, coverFee, delivery }: BookingSummaryProps) {
  const { price } = option;
  const limit = option.limits.maxWeightKg;
  return (
    <aside className="card booking-summary" aria-labelledby="booking-summary-title">
      <div className="booking-summary__head">
        {option.courierService.logoUrl ? (
          <img
            src={option.courierService.logoUrl}
            alt=""
            className="booking-summary__logo"
            width={56}
            height={56}
          />
        ) : (
          <span className="booking-summary__logo booking-summary__logo--blank" aria-hidden="true">
            {option.courierService.name.charAt(0)}
          </span>
        )}
        <div>
          <h2 id="booking-summary-title" className="booking-summary__title">
            {option.courierService.name}
          </h2>
          <p className="muted booking-summary__vendor">by {option.vendor.name}</p>
          <RatingLine rating={option.rating} />
        </div>
      </div>
      <dl className="meta-list booking-summary__list">
        <dt>Service</dt>
        <dd>{serviceTypeLabel(option.serviceType)}</dd>
        <dt>Route</dt>
        <dd>{route}</dd>
        <dt>Parcels</dt>
        <dd>
          <ul className="plain-list">
            {quote.request.parcels.map((parcel, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: parcels have no id and never reorder.
              <li key={index}>{describeParcel(parcel)}</li>
            ))}
          </ul>
        </dd>
        <dt>Weight</dt>
        <dd>
          {totalWeight(quote.request.parcels)} kg (charged {option.chargeableWeightKg} kg
          {option.billedBy === 'volumetric' ? ', by volume' : ''})
        </dd>
        {limit ? (
          <>
            <dt>Max weight</dt>
            <dd>{limit} kg per parcel</dd>
          </>
        ) : null}
        <dt>Estimated delivery</dt>
        <dd aria-live="polite">
          {delivery ? (
            <>
              {formatLongDate(delivery.estimatedDelivery)}
              <span className="muted booking-summary__assumes">
                {' '}
                if collected {formatLongDate(delivery.collectionDate)}
              </span>
            </>
          ) : (
            <span className="muted">Working it out…</span>
          )}
        </dd>
      </dl>
      <dl className="price-list">
        <dt>Price</dt>
        <dd>{formatMoney(price.net, price.currency)}</dd>
        <dt>VAT</dt>
        <dd>{formatMoney(price.vat, price.currency)}</dd>
        <dt>Extended cover</dt>
        <dd>{coverFee === null ? 'Not chosen' : coverFee === 0 ? 'None' : formatMoney(coverFee, 'GBP')}</dd>
        <dt className="price-list__total">Total</dt>
        <dd className="price-list__total">{formatMoney(price.total + (coverFee ?? 0), price.currency)}</dd>
      </dl>
      <p className="muted booking-summary__note">
        The price is held until{' '}
        {new Date(quote.expiresAt).toLocaleTimeString('en-GB', {
          hour: '2-digit',
          minute: '2-digit',
          timeZone: 'Europe/London',
        })}{' '}
        (UK time).
      </p>
    </aside>
  );
}
