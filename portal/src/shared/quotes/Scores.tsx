/**
 * A courier service's measured scores (issue 20), as quote cards, the booking summary and the
 * courier profile show them: stars and the average from 3 reviews, else "New"; the on-time share
 * from 5 deliveries in the last 90 days, else nothing claimed; and the courier's record of price
 * adjustments and claims (issue 49) from 10 orders, else "Not enough orders yet".
 */
import type { CourierRecord, ServiceOnTime, ServiceRating } from '../api/reviews';
import './quotes.css';
import { NOT_ENOUGH_ORDERS, recordBasis, recordParts } from '@consign/shared/courier-record';
import { formatCount } from '@consign/shared/numbers';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** Five stars filled to the rating; the number is what assistive tech reads. */
export function StarRating({ rating }: { rating: number }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className="star-rating__stars" aria-hidden="true">
      <span className="star-rating__empty">★★★★★</span>
      <span className="star-rating__full" style={{ width: `${percent}%` }}>
        ★★★★★
      </span>
    </span>
  );
}

export function RatingLine({ rating }: { rating: ServiceRating }) {
  if (rating.average === null) {
    return (
      <p className="star-rating" data-testid="rating">
        <span className="badge badge--new">New</span>
        <span className="star-rating__count muted">
          {rating.count === 0 ? 'No reviews yet' : plural(rating.count, 'review', 'reviews')}
        </span>
      </p>
    );
  }
  return (
    <p className="star-rating" data-testid="rating">
      <StarRating rating={rating.average} />
      <span className="star-rating__value">{rating.average.toFixed(1)}</span>
      <span className="visually-hidden"> out of 5</span>
      <span className="star-rating__count muted">({plural(rating.count, 'review', 'reviews')})</span>
    </p>
  );
}

/** "94% on time" with what it is measured on; nothing claimed below 5 deliveries. */
export function OnTimeLine({ onTime }: { onTime: ServiceOnTime }) {
  if (onTime.share === null) return null;
  return (
    <p className="on-time" data-testid="on-time">
      <strong>{Math.round(onTime.share * 100)}% on time</strong>{' '}
      <span className="muted">(last 90 days, {plural(onTime.delivered, 'delivery', 'deliveries')})</span>
    </p>
  );
}

/**
 * "2% of orders adjusted · 1.5 claims per 100 orders · 67% of claims accepted" over the last 90
 * days; below 10 orders no share is claimed, and the share accepted waits for 3 decided claims
 * (the words are @consign/shared/courier-record's, as the widget's).
 */
export function RecordLine({ record }: { record: CourierRecord }) {
  const parts = recordParts(record);
  if (parts === null) {
    return (
      <p className="courier-record muted" data-testid="courier-record">
        {NOT_ENOUGH_ORDERS}
      </p>
    );
  }
  return (
    <p className="courier-record" data-testid="courier-record">
      <strong>{parts.join(' · ')}</strong> <span className="muted">({recordBasis(record)})</span>
    </p>
  );
}
