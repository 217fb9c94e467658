import { formatCount } from '@consign/shared/numbers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { TextAreaField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { formatLongDate, shortReference } from '../../lib/format';
import { describeError, isApiError, saveErrorMessage } from '../../shared/api/client';
import { type Review, reviewsApi, vendorReviewKeys } from '../../shared/api/reviews';
import { useAuth } from '../../shared/auth/auth';
import { StarRating } from '../../shared/quotes/Scores';

/** The API's limit (reviews.schemas.ts MAX_REPLY). */
const MAX_REPLY = 2000;
/** GET /vendor/reviews answers the newest 100. */
const LISTED = 100;

/**
 * What customers said about the courier's deliveries, newest first, and the courier's one reply
 * to each: the reply shows under the review on the public profile (/couriers/{slug}).
 */
export function ReviewsPanel({
  profileId,
  onOpenOrder,
}: {
  /** The courier's id when it is active, so its public profile exists. */
  profileId: string | null;
  onOpenOrder: (orderId: string) => void;
}) {
  const titleId = useId();
  const { apiClient } = useAuth();
  const reviews = useQuery({
    queryKey: vendorReviewKeys.all,
    queryFn: ({ signal }) => reviewsApi.forVendor(apiClient, signal),
  });
  const items = reviews.data?.items ?? [];
  const unanswered = items.filter((r) => !r.reply).length;

  return (
    <section className="card vendor-reviews stack" aria-labelledby={titleId} aria-busy={reviews.isPending}>
      <div className="row row--between">
        <h2 id={titleId}>Reviews</h2>
        {profileId ? <Link to={`/couriers/${profileId}`}>See your public profile</Link> : null}
      </div>
      <p className="muted">
        Customers rate an order once it is delivered. You can reply once to each review; your reply shows
        under it on your public profile.
      </p>
      {reviews.isPending ? (
        <Spinner label="Loading reviews" />
      ) : reviews.isError ? (
        <div className="stack">
          <p className="alert alert--error" role="alert">
            Your reviews could not be loaded: {describeError(reviews.error)}
          </p>
          <div>
            <button type="button" className="button button--secondary" onClick={() => void reviews.refetch()}>
              Try again
            </button>
          </div>
        </div>
      ) : items.length === 0 ? (
        <div className="vendor-reviews__empty">
          <h3>No reviews yet</h3>
          <p className="muted">When a customer rates a delivered order, the review shows here.</p>
        </div>
      ) : (
        <>
          <p className="muted">
            {items.length === LISTED
              ? `Your newest ${LISTED} reviews`
              : `${items.length} ${items.length === 1 ? 'review' : 'reviews'}`}
            {unanswered ? `, ${unanswered} without a reply` : ', all replied to'}.
          </p>
          <ul className="vendor-reviews__list" aria-label="Reviews of your deliveries, newest first">
            {items.map((review) => (
              <ReviewItem key={review.id} review={review} onOpenOrder={onOpenOrder} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ReviewItem({ review, onOpenOrder }: { review: Review; onOpenOrder: (orderId: string) => void }) {
  const reference = shortReference(review.orderId);
  return (
    <li className="vendor-reviews__item stack" data-testid="vendor-review">
      <div className="vendor-reviews__head">
        <p className="star-rating">
          <StarRating rating={review.rating} />
          <span className="star-rating__value">{review.rating}</span>
          <span className="visually-hidden"> out of 5</span>
        </p>
        {review.hidden ? <span className="status-badge status-badge--grey">Hidden by staff</span> : null}
      </div>
      {review.comment ? (
        <p className={`vendor-reviews__comment${review.hidden ? ' is-hidden' : ''}`}>{review.comment}</p>
      ) : (
        <p className="muted">No comment, just the rating.</p>
      )}
      {review.hidden ? (
        <p className="muted vendor-reviews__note">
          Consign hid this comment from your public profile for breaking the review rules; its rating still
          counts.
        </p>
      ) : null}
      <p className="muted vendor-reviews__note">
        {review.authorName} · {review.courierService.name} ·{' '}
        <button type="button" className="link-button" onClick={() => onOpenOrder(review.orderId)}>
          Order {reference}
        </button>{' '}
        · <time dateTime={review.createdAt}>{formatLongDate(review.createdAt.slice(0, 10))}</time>
      </p>
      {review.reply ? (
        <blockquote className="vendor-reviews__reply">
          <p className="vendor-reviews__note">
            <strong>Your reply</strong> ·{' '}
            <time dateTime={review.reply.at}>{formatLongDate(review.reply.at.slice(0, 10))}</time>
          </p>
          <p>{review.reply.text}</p>
        </blockquote>
      ) : (
        <ReplyForm review={review} reference={reference} />
      )}
    </li>
  );
}

/** Closed behind a button, so a long list is not a column of empty boxes. */
function ReplyForm({ review, reference }: { review: Review; reference: string }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLTextAreaElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  const wasOpen = useRef(false);

  // Focus follows the form: into the box on opening, back to its button on cancelling.
  useEffect(() => {
    if (open) field.current?.focus();
    else if (wasOpen.current) toggle.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const save = useMutation({
    mutationFn: (reply: string) => reviewsApi.reply(apiClient, review.id, reply),
    onSuccess: (saved) => {
      queryClient.setQueryData(vendorReviewKeys.all, (list: { items: Review[] } | undefined) =>
        list ? { items: list.items.map((r) => (r.id === saved.id ? saved : r)) } : list,
      );
      toast.success('Your reply is published.');
    },
    onError: (err) => {
      if (isApiError(err, 422)) {
        setError(err.problem.errors?.find((e) => e.path === 'reply')?.message ?? err.problem.detail);
      } else if (isApiError(err, 409)) {
        // Replied already (another tab or a colleague): show the reply that stands.
        void queryClient.invalidateQueries({ queryKey: vendorReviewKeys.all });
      }
      toast.error(saveErrorMessage(err, 'We could not publish your reply. Please try again.'));
    },
  });

  if (!open) {
    return (
      <div>
        <button
          ref={toggle}
          type="button"
          className="button button--secondary"
          onClick={() => setOpen(true)}
          aria-label={`Reply to ${review.authorName}’s review of order ${reference}`}
        >
          Reply
        </button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reply = text.trim();
    if (!reply) {
      setError('Write a reply');
      field.current?.focus();
      return;
    }
    setError(undefined);
    save.mutate(reply);
  };

  return (
    <form
      className="stack vendor-reviews__form"
      onSubmit={submit}
      noValidate
      aria-label={`Reply to ${review.authorName}’s review of order ${reference}`}
    >
      <TextAreaField
        ref={field}
        label="Your reply"
        hint={`Shown under the review on your public profile. You can reply once, up to ${formatCount(MAX_REPLY)} characters; it cannot be changed afterwards.`}
        value={text}
        maxLength={MAX_REPLY}
        rows={3}
        error={error}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(undefined);
        }}
      />
      <div className="row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Publishing…' : 'Publish reply'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={save.isPending}
          onClick={() => {
            setOpen(false);
            setText('');
            setError(undefined);
          }}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
