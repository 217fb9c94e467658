import { countOf } from '@consign/shared/numbers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { describeError, saveErrorMessage } from '../../shared/api/client';
import { couriersApi, couriersQueryKey } from '../../shared/api/courier-services';
import { useAuth } from '../../shared/auth/auth';
import { weekRows } from '../../shared/dropoff/hours';
import { VendorShell } from '../../shared/vendor-shell';
import '../../shared/dropoff/dropoff.css';
import { type DropOffPoint, pointKeys, pointsApi } from './dropoff-api';
import { ImportPoints } from './ImportPoints';
import './vendor-dropoff.css';

export const CLOSE_QUESTION = 'Close this drop-off point?';

/** /vendor-dropoff-points: the courier's points, each to edit or close, and the CSV import. */
export function DropOffPointsPage() {
  usePageTitle('Drop-off Points');
  return (
    <VendorShell what="your drop-off points">
      <section className="vendor-dropoff">
        <header className="page-header row row--between">
          <div>
            <h1>Drop-off Points</h1>
            <p className="muted">
              The shops, lockers and counters where customers hand over parcels for your drop-off services.
            </p>
          </div>
          <Link to="/vendor-dropoff-points/new" className="button button--primary">
            Add a point
          </Link>
        </header>
        <Points />
        <ImportPoints />
      </section>
    </VendorShell>
  );
}

function Points() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [toClose, setToClose] = useState<DropOffPoint | null>(null);
  const points = useQuery({
    queryKey: pointKeys.all,
    queryFn: ({ signal }) => pointsApi.list(apiClient, signal),
  });
  const services = useQuery({
    queryKey: couriersQueryKey,
    queryFn: ({ signal }) => couriersApi.list(apiClient, signal),
  });
  const close = useMutation({
    mutationFn: (point: DropOffPoint) => pointsApi.close(apiClient, point.id),
    onSuccess: (_, point) => {
      toast.success(`${point.name} is closed: customers booked there are asked to choose another point`);
      setToClose(null);
    },
    onError: (error) => {
      toast.error(saveErrorMessage(error, 'Failed to close the point'));
      setToClose(null);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pointKeys.all }),
  });

  if (points.isPending) {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Loading your drop-off points" />
      </div>
    );
  }
  if (points.isError) {
    return (
      <div className="card empty-state" role="alert">
        <h2>Could not load your drop-off points</h2>
        <p className="muted">{describeError(points.error)}</p>
        <button type="button" className="button button--secondary" onClick={() => void points.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const items = points.data.items;
  const serviceNames = new Map((services.data?.items ?? []).map((s) => [s.id, s.name]));
  if (items.length === 0) {
    return (
      <div className="card empty-state">
        <h2>No drop-off points yet</h2>
        <p className="muted">Add your points one by one, or import them all from a CSV file below.</p>
      </div>
    );
  }
  return (
    <section className="card" aria-labelledby="points-heading">
      <h2 id="points-heading">{countOf(items.length, 'point')}</h2>
      <ul className="vendor-points">
        {items.map((point) => (
          <li key={point.id} className="vendor-point">
            <div className="vendor-point__head">
              <h3>
                {point.name} <span className="muted vendor-point__code">{point.code}</span>
              </h3>
              <StatusBadge point={point} />
            </div>
            <p>
              {[point.address.line1, point.address.line2, point.address.town, point.address.postcode]
                .filter(Boolean)
                .join(', ')}
            </p>
            {point.status === 'suspended' ? (
              <p className="alert alert--error">
                Suspended by Consign{point.suspendedReason ? `: ${point.suspendedReason}` : ''}. It is not
                offered to customers; contact support to reinstate it.
              </p>
            ) : null}
            <dl className="vendor-point__facts">
              <div>
                <dt>Takes parcels up to</dt>
                <dd>{point.maxWeightKg} kg</dd>
              </div>
              <div>
                <dt>Services</dt>
                <dd>{point.serviceIds.map((id) => serviceNames.get(id) ?? id).join(', ')}</dd>
              </div>
              {point.closedDates.length > 0 ? (
                <div>
                  <dt>Closed on</dt>
                  <dd>
                    {point.closedDates.map((d) => (d.reason ? `${d.date} (${d.reason})` : d.date)).join(', ')}
                  </dd>
                </div>
              ) : null}
            </dl>
            <details className="dropoff-week">
              <summary>Opening hours of {point.name}</summary>
              <table className="dropoff-week__table">
                <tbody>
                  {weekRows(point.openingHours).map(([day, hours]) => (
                    <tr key={day}>
                      <th scope="row">{day}</th>
                      <td>{hours}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
            <div className="vendor-point__actions">
              <Link
                className="button button--secondary"
                to={`/vendor-dropoff-points/${point.id}/edit`}
                aria-label={`Edit ${point.name}`}
              >
                Edit
              </Link>
              <button
                type="button"
                className="button button--danger"
                onClick={() => setToClose(point)}
                aria-label={`Close ${point.name}`}
              >
                Close
              </button>
            </div>
          </li>
        ))}
      </ul>
      {toClose ? (
        <Modal title={CLOSE_QUESTION} onClose={() => setToClose(null)}>
          <p>
            <strong>{toClose.name}</strong> leaves your list and every search. Customers who chose it and have
            not dropped off yet are emailed to choose another point.
          </p>
          <div className="row vendor-point__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setToClose(null)}
              data-autofocus
            >
              Keep it open
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={close.isPending}
              onClick={() => close.mutate(toClose)}
            >
              {close.isPending ? 'Closing…' : 'Close the point'}
            </button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

function StatusBadge({ point }: { point: DropOffPoint }) {
  const [label, tone] =
    point.status === 'active'
      ? ['Active', 'green']
      : point.status === 'suspended'
        ? ['Suspended', 'red']
        : ['Closed', 'grey'];
  return <span className={`status-badge status-badge--${tone}`}>{label}</span>;
}
