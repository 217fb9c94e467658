import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ScrollTable } from '../../components/ScrollTable';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { describeError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { partnerApi, partnerKeys, type WebhookDelivery } from './partner.api';
import { SectionError } from './SectionState';

const DELIVERY_STATUS: Record<WebhookDelivery['status'], { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'yellow' },
  succeeded: { label: 'Delivered', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

/** While an attempt is waiting to be sent, the log looks again this often. */
const PENDING_REFRESH_MS = 2000;

/** After a test or replay, the log looks for the new attempt at most this long. */
const AWAIT_NEW_MS = 60_000;

/**
 * Every attempt to send an endpoint its events, newest first, each with a replay button. The
 * log refreshes itself while an attempt is pending, and after a test or replay (`sentAt`) until
 * the new attempt shows: the outbox sends a moment after the API answers.
 */
export function DeliveryLog({ endpointId, sentAt = null }: { endpointId: string; sentAt?: number | null }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [awaiting, setAwaiting] = useState<{ since: number; known: number } | null>(null);
  const log = useInfiniteQuery({
    queryKey: partnerKeys.deliveries(endpointId),
    queryFn: ({ pageParam, signal }) => partnerApi.deliveries(apiClient, endpointId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) => {
      const rows = query.state.data?.pages.flatMap((p) => p.data) ?? [];
      if (rows.some((d) => d.status === 'pending')) return PENDING_REFRESH_MS;
      const waiting = awaiting && rows.length <= awaiting.known && Date.now() - awaiting.since < AWAIT_NEW_MS;
      return waiting ? PENDING_REFRESH_MS : false;
    },
  });
  const rows = log.data?.pages.flatMap((p) => p.data) ?? [];
  const count = useRef(rows.length);
  count.current = rows.length;

  // A test event was sent (now, or before the log was opened): wait for its attempt.
  useEffect(() => {
    if (sentAt != null) setAwaiting({ since: sentAt, known: count.current });
  }, [sentAt]);

  const replay = useMutation({
    mutationFn: (id: string) => partnerApi.replayDelivery(apiClient, id),
    onSuccess: (attempt) => {
      toast.success(`${attempt.eventType} sent again`);
      setAwaiting({ since: Date.now(), known: count.current });
      void queryClient.invalidateQueries({ queryKey: partnerKeys.deliveries(endpointId) });
    },
    onError: (error) => toast.error(describeError(error)),
  });

  return (
    <div className="stack partner-log">
      <div className="row row--between">
        <h4 className="partner-log__title">Delivery log</h4>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => void log.refetch()}
          disabled={log.isFetching}
        >
          {log.isFetching && !log.isFetchingNextPage ? <Spinner label="Refreshing" /> : 'Refresh'}
        </button>
      </div>
      {log.isPending ? (
        <Spinner size="md" label="Loading the delivery log" />
      ) : log.isError ? (
        <SectionError message={describeError(log.error)} onRetry={() => void log.refetch()} />
      ) : rows.length === 0 ? (
        <p className="muted">Nothing sent yet. Send a test event to see how your endpoint answers.</p>
      ) : (
        <>
          <ScrollTable caption="Delivery attempts, newest first" className="partner-log__table">
            <thead>
              <tr>
                <th scope="col">Sent</th>
                <th scope="col">Event</th>
                <th scope="col">Result</th>
                <th scope="col">Answer</th>
                <th scope="col">Time</th>
                <th scope="col">Response</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.id}>
                  <td>{formatDateTime(d.createdAt)}</td>
                  <th scope="row">
                    <code>{d.eventType}</code>
                  </th>
                  <td>
                    <span className={`status-badge status-badge--${DELIVERY_STATUS[d.status].tone}`}>
                      {DELIVERY_STATUS[d.status].label}
                    </span>
                    <span className="muted partner-log__next">
                      {' '}
                      attempt {d.attempt}
                      {/* A failed attempt is retried: the partner sees when, rather than a final "Failed". */}
                      {d.nextAttemptAt ? `, next try ${formatDateTime(d.nextAttemptAt)}` : null}
                    </span>
                  </td>
                  <td>{d.statusCode ?? '—'}</td>
                  <td>{d.latencyMs == null ? '—' : `${d.latencyMs} ms`}</td>
                  <td className="partner-log__excerpt">
                    {d.error ? <span className="partner-log__error">{d.error}</span> : null}
                    {d.responseExcerpt ? <code className="break-all">{d.responseExcerpt}</code> : null}
                    {!d.error && !d.responseExcerpt ? '—' : null}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={`Replay ${d.eventType} sent ${formatDateTime(d.createdAt)}`}
                      onClick={() => replay.mutate(d.id)}
                      disabled={replay.isPending}
                    >
                      Replay
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          {log.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void log.fetchNextPage()}
              disabled={log.isFetchingNextPage}
            >
              {log.isFetchingNextPage ? <Spinner label="Loading more" /> : 'Load more'}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
