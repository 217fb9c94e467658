import { formatMoney } from '@consign/shared/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { TextField } from '../../components/Field';
import { formatDate } from '../../lib/format';
import { describeError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { StatusBadge } from '../../shared/orders/OrderParts';
import { columnLabel, ROW_STATUS_LABELS, rowRecipient } from './batch-words';
import { type Batch, type BatchRow, batchesApi, batchKeys } from './batches-api';

/** One row of a batch: its status, choice or problems, its order once booked, and what can be done to it. */
export function BatchRowItem({
  batch,
  row,
  onOpenOrder,
}: {
  batch: Batch;
  row: BatchRow;
  onOpenOrder: (orderId: string) => void;
}) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [fixing, setFixing] = useState(false);
  const onSaved = (fresh: Batch) => queryClient.setQueryData(batchKeys.one(batch.id), fresh);
  const drop = useMutation({
    mutationFn: () => batchesApi.drop(apiClient, batch.id, row.id),
    onSuccess: (fresh) => {
      onSaved(fresh);
      toast.success(`Row ${row.position} dropped`);
    },
    onError: (error) => toast.error(describeError(error)),
  });
  const retry = useMutation({
    mutationFn: () => batchesApi.retry(apiClient, batch.id, row.id),
    onSuccess: (fresh) => {
      onSaved(fresh);
      const now = fresh.rows.find((r) => r.id === row.id);
      if (now?.status === 'valid') toast.success(`Row ${row.position} is ready to pay again`);
      else toast.info(`Row ${row.position} needs fixing before it is paid again`);
    },
    onError: (error) => toast.error(describeError(error)),
  });
  const editable = row.status === 'valid' || row.status === 'invalid' || row.status === 'dropped';
  const heading = `Row ${row.position}${row.cells.reference ? ` (${row.cells.reference})` : ''}`;
  return (
    <li className={`batches-row batches-row--${row.status}`} aria-label={heading}>
      <div className="batches-row__head">
        <strong>{heading}</strong>
        <span className={`batches-status batches-status--${row.status}`}>
          {ROW_STATUS_LABELS[row.status]}
        </span>
      </div>
      <p className="batches-row__to">
        To {rowRecipient(row)}
        {row.line ? <span className="muted"> · line {row.line}</span> : null}
      </p>
      {row.choice ? (
        <p>
          {row.choice.serviceName} by {row.choice.vendorName} ·{' '}
          {formatMoney(row.choice.total, row.choice.currency)} · delivery by{' '}
          {formatDate(row.choice.estimatedDelivery)}
          {row.choice.note ? <span className="muted"> · {row.choice.note}</span> : null}
        </p>
      ) : null}
      {row.order ? <RowOrder order={row.order} onOpen={onOpenOrder} /> : null}
      {row.errors.length ? (
        <ul className="batches-row__errors">
          {row.errors.map((e) => (
            <li key={`${e.column}-${e.message}`}>
              <strong>{e.column ? columnLabel(e.column) : 'Row'}:</strong> {e.message}
            </li>
          ))}
        </ul>
      ) : null}
      {row.failure ? (
        <p role="alert">
          {row.failure}
          <span className="muted"> · its amount goes back to the way you paid</span>
        </p>
      ) : null}
      {row.status === 'failed' ? (
        <div className="row batches-row__actions">
          <button
            className="button button--secondary button--small"
            type="button"
            disabled={retry.isPending}
            onClick={() => retry.mutate()}
          >
            {retry.isPending ? 'Retrying…' : 'Retry'}
          </button>
        </div>
      ) : null}
      {editable ? (
        <div className="row batches-row__actions">
          {row.status !== 'valid' ? (
            <button
              className="button button--secondary button--small"
              type="button"
              aria-expanded={fixing}
              onClick={() => setFixing((open) => !open)}
            >
              {row.status === 'dropped' ? 'Fix and restore' : 'Fix'}
            </button>
          ) : null}
          {row.status !== 'dropped' ? (
            <button
              className="button button--secondary button--small"
              type="button"
              disabled={drop.isPending}
              onClick={() => drop.mutate()}
            >
              {drop.isPending ? 'Dropping…' : 'Drop'}
            </button>
          ) : null}
        </div>
      ) : null}
      {fixing ? <FixForm batch={batch} row={row} onDone={() => setFixing(false)} onSaved={onSaved} /> : null}
    </li>
  );
}

/** The order a booked row became: its reference (opens it), status and tracking page. */
function RowOrder({
  order,
  onOpen,
}: {
  order: NonNullable<BatchRow['order']>;
  onOpen: (orderId: string) => void;
}) {
  return (
    <p className="batches-row__order">
      <button type="button" className="link-button" onClick={() => onOpen(order.id)}>
        Order {order.reference}
      </button>{' '}
      <StatusBadge status={order.status} />
      {order.trackingCode ? (
        <>
          {' '}
          · <Link to={`/track/${encodeURIComponent(order.trackingCode)}`}>Track {order.trackingCode}</Link>
        </>
      ) : null}
    </p>
  );
}

/** The cells with problems (or, for a dropped row, the recipient's), editable in place. */
function FixForm({
  batch,
  row,
  onDone,
  onSaved,
}: {
  batch: Batch;
  row: BatchRow;
  onDone: () => void;
  onSaved: (fresh: Batch) => void;
}) {
  const { apiClient } = useAuth();
  const columns = row.errors.length
    ? [...new Set(row.errors.map((e) => e.column).filter((c): c is string => Boolean(c)))]
    : ['recipient_postcode'];
  const [cells, setCells] = useState<Record<string, string>>(() =>
    Object.fromEntries(columns.map((c) => [c, row.cells[c] ?? ''])),
  );
  const fix = useMutation({
    mutationFn: () => batchesApi.fix(apiClient, batch.id, row.id, cells),
    onSuccess: (fresh) => {
      onSaved(fresh);
      const now = fresh.rows.find((r) => r.id === row.id);
      if (now?.status === 'valid') {
        toast.success(`Row ${row.position} is ready`);
        onDone();
      } else toast.info(`Row ${row.position} still needs fixing`);
    },
    onError: (error) => toast.error(describeError(error)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    fix.mutate();
  };
  return (
    <form className="batches-fix" aria-label={`Fix row ${row.position}`} onSubmit={submit} noValidate>
      {columns.map((column, i) => (
        <TextField
          key={column}
          label={columnLabel(column)}
          value={cells[column] ?? ''}
          // The form opens on request: its first field is what to change.
          autoFocus={i === 0}
          onChange={(e) => setCells((now) => ({ ...now, [column]: e.target.value }))}
        />
      ))}
      <div className="row">
        <button className="button button--primary button--small" type="submit" disabled={fix.isPending}>
          {fix.isPending ? 'Checking…' : 'Save and check'}
        </button>
        <button className="button button--secondary button--small" type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
