import { formatMoney } from '@consign/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDate } from '../../lib/format';
import { describeError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { OrderDrawer } from '../../shared/orders/OrderDrawer';
import { BatchDownloads } from './BatchDownloads';
import { BatchPayment } from './BatchPayment';
import { BatchRowItem } from './BatchRowItem';
import { type Batch, batchesApi, batchKeys } from './batches-api';
import './batches.css';

/** While paid rows are being booked, the page asks again this often. */
const BOOKING_POLL_MS = 2000;

/**
 * A batch: the preview (every row ready with its courier and price, or its problems to fix), one
 * payment for the ready rows, progress while paid rows become orders, each row's order, and the
 * results and labels to download.
 */
export function BatchPage() {
  const { id = '' } = useParams();
  const { apiClient } = useAuth();
  const [openOrder, setOpenOrder] = useState<string | null>(null);
  const batch = useQuery({
    queryKey: batchKeys.one(id),
    queryFn: ({ signal }) => batchesApi.get(apiClient, id, signal),
    refetchInterval: (query) => (query.state.data?.counts.paid ? BOOKING_POLL_MS : false),
  });
  usePageTitle(batch.data ? `Batch: ${batch.data.name}` : 'Batch');
  if (batch.isPending)
    return (
      <p className="muted page container" role="status">
        <Spinner /> Loading the batch…
      </p>
    );
  if (batch.isError)
    return (
      <div className="page container stack">
        <p role="alert">{describeError(batch.error)}</p>
        <p>
          <button className="button button--secondary" type="button" onClick={() => void batch.refetch()}>
            Try again
          </button>{' '}
          <Link to="/batches">All batches</Link>
        </p>
      </div>
    );
  const b = batch.data;
  const placed = b.counts.paid + b.counts.booked + b.counts.failed;
  return (
    <section className="batches page container">
      <p>
        <Link to="/batches">All batches</Link>
      </p>
      <header className="page-header">
        <h1>{b.name}</h1>
        <p className="muted">
          Uploaded {formatDate(b.createdAt)} · each row's courier: {ruleText(b)}
        </p>
      </header>
      <dl className="card batches-counts" aria-label="Rows">
        <Count term="Rows" value={b.counts.total} />
        <Count term="Ready" value={b.counts.valid} />
        <Count term="To fix" value={b.counts.invalid} />
        <Count term="Dropped" value={b.counts.dropped} />
        {placed > 0 ? <Count term="Booked" value={b.counts.booked} /> : null}
        {b.counts.failed > 0 ? <Count term="Failed" value={b.counts.failed} /> : null}
        <div>
          <dt>Total for the ready rows</dt>
          <dd>{formatMoney(b.payable.amount, b.payable.currency)}</dd>
        </div>
      </dl>
      <BookingProgress batch={b} />
      <BatchPayment batch={b} />
      <BatchDownloads batch={b} />
      <ol className="batches-rows" aria-label="Rows of the batch">
        {b.rows.map((row) => (
          <BatchRowItem key={row.id} batch={b} row={row} onOpenOrder={setOpenOrder} />
        ))}
      </ol>
      {openOrder ? <OrderDrawer orderId={openOrder} onClose={() => setOpenOrder(null)} /> : null}
    </section>
  );
}

function Count({ term, value }: { term: string; value: number }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Paid rows becoming orders: how many are done, while any is left. */
function BookingProgress({ batch }: { batch: Batch }) {
  const { paid, booked, failed } = batch.counts;
  if (paid === 0) return null;
  const total = paid + booked + failed;
  return (
    <section className="card batches-progress" aria-labelledby="batch-progress-heading">
      <h2 id="batch-progress-heading">Booking the paid rows</h2>
      <progress max={total} value={booked + failed} aria-labelledby="batch-progress-heading" />
      <p role="status">
        <Spinner /> {booked + failed} of {total} paid rows booked; this page updates by itself.
      </p>
    </section>
  );
}

function ruleText(b: Batch): string {
  if (b.rule === 'preferred') return `${b.preferredCourier} first, else the ${b.fallback}`;
  return `the ${b.rule}`;
}
