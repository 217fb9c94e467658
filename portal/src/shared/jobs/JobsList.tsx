import { formatMoney } from '@consign/shared/money';
import { serviceTypeLabel } from '@consign/shared/services';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { describeParcel, formatDate, formatLongDate } from '../../lib/format';
import { describeRoute } from '../api/booking';
import { describeError } from '../api/client';
import { type Job, jobKeys, jobsApi } from '../api/jobs';
import { useReferenceData } from '../api/meta';
import { newIdempotencyKey } from '../api/orders';
import { useAuth } from '../auth/auth';
import { StatusBadge } from '../orders/OrderParts';

/** The customer's posted jobs on the dashboard: status, asking price, pay, withdraw. */
export function JobsList({ onOpenOrder }: { onOpenOrder: (orderId: string) => void }) {
  const { apiClient } = useAuth();
  const reference = useReferenceData();
  const [withdrawing, setWithdrawing] = useState<Job | null>(null);
  const jobs = useInfiniteQuery({
    queryKey: jobKeys.list(),
    queryFn: ({ pageParam, signal }) => jobsApi.list(apiClient, { cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

  if (jobs.isPending) {
    return (
      <div className="page-state page-state--compact">
        <Spinner size="md" label="Loading jobs" />
      </div>
    );
  }
  if (jobs.isError) {
    return (
      <div className="alert alert--error" role="alert">
        {describeError(jobs.error)}{' '}
        <button type="button" className="link-button" onClick={() => void jobs.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const items = jobs.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className="card empty-state">
        <h2>No jobs posted</h2>
        <p className="muted">
          When no courier option fits your parcel, post it as a job with the price you want to pay and
          couriers can accept it.
        </p>
        <Link to="/post-job" className="button button--primary">
          Post a job
        </Link>
      </div>
    );
  }

  return (
    <div className="stack">
      <div className="row row--between">
        <p className="muted">
          {jobs.data.pages[0]?.total ?? items.length} job
          {(jobs.data.pages[0]?.total ?? items.length) === 1 ? '' : 's'}
        </p>
        <Link to="/post-job" className="button button--secondary button--small">
          Post a job
        </Link>
      </div>
      <ul className="job-list" aria-label="Your jobs, newest first">
        {items.map((job) => (
          <li key={job.id} className="card job-card">
            <div className="job-card__head">
              <h3 className="job-card__title">
                Job {job.reference} <StatusBadge status={job.status} />
              </h3>
              <p className="job-card__price">
                {formatMoney(job.askingPrice.amount, job.askingPrice.currency)}
              </p>
            </div>
            <dl className="meta-list">
              <dt>Posted</dt>
              <dd>{formatDate(job.createdAt)}</dd>
              <dt>Route</dt>
              <dd>
                {describeRoute({ serviceType: job.serviceType, ...job.route }, reference.data)} (
                {serviceTypeLabel(job.serviceType)})
              </dd>
              <dt>Parcels</dt>
              <dd>{job.parcels.map(describeParcel).join('; ')}</dd>
              <dt>Collection</dt>
              <dd>{formatLongDate(job.collectionDate)}</dd>
              {job.status === 'open' ? (
                <>
                  <dt>Open until</dt>
                  <dd>{formatDate(job.expiresAt)}</dd>
                </>
              ) : null}
            </dl>
            <div className="row">
              {job.actions.pay ? (
                <Link
                  to={`/payment?job=${encodeURIComponent(job.id)}`}
                  className="button button--primary button--small"
                >
                  Pay now
                </Link>
              ) : null}
              {job.orderId ? (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => job.orderId && onOpenOrder(job.orderId)}
                >
                  View order
                </button>
              ) : null}
              {job.actions.withdraw ? (
                <button
                  type="button"
                  className="button button--danger button--small"
                  onClick={() => setWithdrawing(job)}
                  aria-label={`Withdraw job ${job.reference}`}
                >
                  Withdraw
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {jobs.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary dashboard__more"
          onClick={() => void jobs.fetchNextPage()}
          disabled={jobs.isFetchingNextPage}
        >
          {jobs.isFetchingNextPage ? <Spinner label="Loading more jobs" /> : 'Load more'}
        </button>
      ) : null}
      {withdrawing ? <WithdrawDialog job={withdrawing} onClose={() => setWithdrawing(null)} /> : null}
    </div>
  );
}

function WithdrawDialog({ job, onClose }: { job: Job; onClose: () => void }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const key = useRef(newIdempotencyKey());
  const [error, setError] = useState<string | null>(null);
  const withdraw = useMutation({
    mutationFn: () => jobsApi.withdraw(apiClient, job.id, key.current),
    onSuccess: async (withdrawn) => {
      await queryClient.invalidateQueries({ queryKey: jobKeys.all });
      toast.success(
        withdrawn.paidAt
          ? `Job ${withdrawn.reference} withdrawn. Your payment is refunded.`
          : `Job ${withdrawn.reference} withdrawn`,
      );
      onClose();
    },
    onError: (cause) => {
      setError(describeError(cause));
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
  return (
    <Modal title={`Withdraw job ${job.reference}?`} onClose={() => !withdraw.isPending && onClose()}>
      <div className="stack">
        <p>
          Couriers will no longer see this job.{' '}
          {job.paidAt
            ? 'Your payment of ' +
              formatMoney(job.askingPrice.amount, job.askingPrice.currency) +
              ' is refunded.'
            : ''}
        </p>
        {error ? (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="row">
          <button
            type="button"
            className="button button--danger"
            onClick={() => withdraw.mutate()}
            disabled={withdraw.isPending}
          >
            {withdraw.isPending ? <Spinner label="Withdrawing" /> : 'Yes, withdraw'}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            disabled={withdraw.isPending}
          >
            Keep job
          </button>
        </div>
      </div>
    </Modal>
  );
}
