import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { FieldError, TextAreaField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDateTime, shortReference } from '../../lib/format';
import { describeError, isApiError, saveErrorMessage } from '../../shared/api/client';
import { type OrderReview, reviewsApi } from '../../shared/api/reviews';
import { useAuth } from '../../shared/auth/auth';
import { RequireSignIn } from '../../shared/auth/RequireSignIn';
import './reviews.css';

const LABELS = ['', 'Very poor', 'Poor', 'OK', 'Good', 'Excellent'];
const MAX_COMMENT = 2000;

/** /orders/{id}/review: the customer rates a delivered order, and may change it for 30 days. */
export function ReviewPage() {
  usePageTitle('Rate your delivery');
  return (
    <RequireSignIn what="the review page of your delivery" roles={['customer']}>
      <ReviewGate />
    </RequireSignIn>
  );
}

const reviewKey = (id: string) => ['orders', 'review', id] as const;

function ReviewGate() {
  const { id = '' } = useParams();
  const { apiClient } = useAuth();
  const state = useQuery({
    queryKey: reviewKey(id),
    queryFn: ({ signal }) => reviewsApi.ofOrder(apiClient, id, signal),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
  return (
    <section className="container page narrow">
      <div className="card stack review-page">
        <h1>Rate your delivery</h1>
        <p className="muted">Order {shortReference(id)}</p>
        {state.isPending ? (
          <Spinner label="Loading your order" />
        ) : state.isError ? (
          <p role="alert">
            {isApiError(state.error, 404)
              ? 'We could not find this order on your account.'
              : describeError(state.error)}
          </p>
        ) : (
          <ReviewForm id={id} state={state.data} />
        )}
        <p>
          <Link to="/dashboard">Back to your dashboard</Link>
        </p>
      </div>
    </section>
  );
}

function ReviewForm({ id, state }: { id: string; state: OrderReview }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const legendId = useId();
  const [rating, setRating] = useState(state.review?.rating ?? 0);
  const [comment, setComment] = useState(state.review?.comment ?? '');
  const [error, setError] = useState<string | undefined>();

  const save = useMutation({
    mutationFn: () => reviewsApi.write(apiClient, id, { rating, comment: comment.trim() || null }),
    onSuccess: (review) => {
      queryClient.setQueryData(reviewKey(id), { ...state, review });
      toast.success(state.review ? 'Your review is updated.' : 'Thank you! Your review is published.');
    },
    onError: (err) => toast.error(saveErrorMessage(err, 'We could not save your review. Please try again.')),
  });

  if (!state.canReview && !state.review) {
    return <p>You can rate this order once it has been delivered. We will email you when it is.</p>;
  }
  if (!state.canReview && state.review) {
    return (
      <div className="stack">
        <p>
          You rated this delivery <strong>{state.review.rating} out of 5</strong>
          {state.review.comment ? `: “${state.review.comment}”` : '.'}
        </p>
        <p className="muted">Reviews can be changed for 30 days after they are written.</p>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setError('Choose a rating from 1 to 5 stars');
      return;
    }
    save.mutate();
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {state.review ? (
        <p className="muted">
          You can change your review until {formatDateTime(state.review.editableUntil)}.
        </p>
      ) : null}
      <fieldset className="review-stars" aria-describedby={error ? `${legendId}-error` : undefined}>
        <legend id={legendId} className="field__label">
          Your rating
        </legend>
        <div className="review-stars__choices">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={`review-stars__choice${n <= rating ? ' is-on' : ''}`}>
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  setError(undefined);
                }}
                className="visually-hidden"
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">
                {n} {n === 1 ? 'star' : 'stars'}, {LABELS[n]}
              </span>
            </label>
          ))}
          <span className="review-stars__label muted" aria-live="polite">
            {rating ? LABELS[rating] : ''}
          </span>
        </div>
        <FieldError id={`${legendId}-error`} error={error} />
      </fieldset>
      <TextAreaField
        label="Comment (optional)"
        hint="What went well or not: collection, tracking, delivery. Shown with your first name."
        value={comment}
        maxLength={MAX_COMMENT}
        rows={4}
        onChange={(event) => setComment(event.target.value)}
      />
      <div>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : state.review ? 'Update review' : 'Publish review'}
        </button>
      </div>
    </form>
  );
}
