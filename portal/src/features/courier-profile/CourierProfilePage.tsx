import { serviceTypeLabel } from '@consign/shared/services';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatLongDate } from '../../lib/format';
import { describeError, isApiError } from '../../shared/api/client';
import { type CourierProfile, type PublicReview, reviewsApi } from '../../shared/api/reviews';
import { CourierLogo } from '../../shared/components/CourierLogo';
import { OnTimeLine, RatingLine, RecordLine, StarRating } from '../../shared/quotes/Scores';
import './courier-profile.css';

/** /couriers/{slug}: a courier's services, measured scores and recent reviews, for anyone. */
export function CourierProfilePage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const profile = useQuery({
    queryKey: ['courier-profile', slug],
    queryFn: ({ signal }) => reviewsApi.profile(slug, signal),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
  usePageTitle(profile.data ? `${profile.data.name}: reviews and on-time record` : 'Courier profile');
  const canonical = profile.data?.slug;
  // Quote cards link by id; the address bar shows the courier's readable slug.
  useEffect(() => {
    if (canonical && canonical !== slug) navigate(`/couriers/${canonical}`, { replace: true });
  }, [canonical, slug, navigate]);

  if (profile.isPending) {
    return (
      <section className="container page">
        <Spinner label="Loading the courier's profile" />
      </section>
    );
  }
  if (profile.isError) {
    const missing = isApiError(profile.error) && profile.error.status === 404;
    return (
      <section className="container page narrow">
        <div className="card stack">
          <h1>{missing ? 'Courier not found' : 'We could not load this courier'}</h1>
          <p role={missing ? undefined : 'alert'}>
            {missing
              ? 'No courier on Consign has this address. It may have stopped trading with us.'
              : describeError(profile.error)}
          </p>
          <p>
            <Link to="/">Get a quote</Link>
          </p>
        </div>
      </section>
    );
  }
  return <Profile profile={profile.data} />;
}

function Profile({ profile }: { profile: CourierProfile }) {
  const servicesId = useId();
  const reviewsId = useId();
  return (
    <section className="container page courier-profile">
      <header className="card courier-profile__head">
        <CourierLogo url={profile.logoUrl} />
        <div className="stack courier-profile__identity">
          <h1>{profile.name}</h1>
          <RatingLine rating={profile.rating} />
          <OnTimeLine onTime={profile.onTime} />
          {profile.onTime.share === null ? (
            <p className="muted courier-profile__note">
              On-time record shown from 5 deliveries in the last 90 days ({profile.onTime.delivered} so far).
            </p>
          ) : null}
          <RecordLine record={profile.record} />
          <p className="muted courier-profile__note">
            {profile.record.adjustmentRate === null
              ? `Adjustments and claims shown from 10 orders in the last 90 days (${profile.record.orders} so far).`
              : `Adjusted: the courier measured the parcel larger or heavier than booked and asked for more. Claims accepted: in full or in part, of the ${profile.record.claimsDecided} decided (shown from 3).`}
          </p>
          <p className="muted courier-profile__note">
            {profile.city ? `${profile.city} · ` : ''}On Consign since{' '}
            {formatLongDate(profile.memberSince.slice(0, 10))}
          </p>
          {profile.description ? <p>{profile.description}</p> : null}
        </div>
      </header>

      <section className="card stack" aria-labelledby={servicesId}>
        <h2 id={servicesId}>Services</h2>
        {profile.services.length === 0 ? (
          <p className="muted">This courier has no services on offer right now.</p>
        ) : (
          <ul className="courier-profile__services">
            {profile.services.map((service) => (
              <li key={service.id} className="courier-profile__service">
                <h3>{service.name}</h3>
                <p className="muted">
                  {serviceTypeLabel(service.serviceType)}
                  {service.serviceType === 'same_day'
                    ? ' · delivered the same day'
                    : ` · ${service.transitDays} working ${service.transitDays === 1 ? 'day' : 'days'}`}
                </p>
                <RatingLine rating={service.rating} />
                <OnTimeLine onTime={service.onTime} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card stack" aria-labelledby={reviewsId}>
        <h2 id={reviewsId}>Recent reviews</h2>
        <p className="muted courier-profile__note">
          Only customers whose order this courier delivered can review it.
        </p>
        {profile.reviews.length === 0 ? (
          <p>No reviews yet.</p>
        ) : (
          <ul className="courier-profile__reviews">
            {profile.reviews.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

function ReviewItem({ review }: { review: PublicReview }) {
  return (
    <li className="courier-profile__review" data-testid="public-review">
      <p className="star-rating">
        <StarRating rating={review.rating} />
        <span className="star-rating__value">{review.rating}</span>
        <span className="visually-hidden"> out of 5</span>
      </p>
      {review.hidden ? (
        <p className="courier-profile__hidden muted">
          Comment hidden by Consign for breaking our review rules.
        </p>
      ) : review.comment ? (
        <p className="courier-profile__comment">{review.comment}</p>
      ) : null}
      <p className="muted courier-profile__note">
        {review.authorName} · {review.serviceName} ·{' '}
        <time dateTime={review.createdAt}>{formatLongDate(review.createdAt.slice(0, 10))}</time>
      </p>
      {review.reply ? (
        <blockquote className="courier-profile__reply">
          <p className="courier-profile__note">
            <strong>Reply from the courier</strong>
          </p>
          <p>{review.reply.text}</p>
        </blockquote>
      ) : null}
    </li>
  );
}
