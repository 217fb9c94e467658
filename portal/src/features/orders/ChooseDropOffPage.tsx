import { formatPostcode } from '@consign/shared/postcodes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { FieldError } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatLongDate } from '../../lib/format';
import { describeError, fieldErrorsOf, isApiError, saveErrorMessage } from '../../shared/api/client';
import { type OrderDetail, orderKeys, ordersApi } from '../../shared/api/orders';
import { useAuth } from '../../shared/auth/auth';
import { RequireSignIn } from '../../shared/auth/RequireSignIn';
import { type DropOffPointOption, dropOffApi } from '../../shared/dropoff/api';
import { DropOffPicker } from '../../shared/dropoff/DropOffPicker';
import { DropOffPointSummary } from '../../shared/dropoff/DropOffPointSummary';

/**
 * /orders/{id}/drop-off: where the "choose another drop-off point" email and the order's notice
 * lead. The customer sees why the point they chose can no longer take the parcel and picks another
 * of the service's points, open on the drop-off date and taking the parcel's weight.
 */
export function ChooseDropOffPage() {
  usePageTitle('Choose a drop-off point');
  return (
    <RequireSignIn what="choose a drop-off point" roles={['customer']}>
      <ChooseDropOff />
    </RequireSignIn>
  );
}

function ChooseDropOff() {
  const { id = '' } = useParams();
  const { apiClient } = useAuth();
  const order = useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => ordersApi.get(apiClient, id, signal),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
  return (
    <section className="container page narrow">
      <div className="stack">
        <h1>Choose a drop-off point</h1>
        {order.isPending ? (
          <Spinner label="Loading your order" />
        ) : order.isError ? (
          <p className="alert alert--error" role="alert">
            {isApiError(order.error, 404)
              ? 'We could not find this order on your account.'
              : describeError(order.error)}
          </p>
        ) : (
          <Chooser order={order.data} />
        )}
        <p>
          <Link to="/dashboard">Back to your dashboard</Link>
        </p>
      </div>
    </section>
  );
}

function Chooser({ order }: { order: OrderDetail }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const headingId = useId();
  const errorId = useId();
  const [chosen, setChosen] = useState<DropOffPointOption | null>(null);
  const [error, setError] = useState<string | undefined>();
  const change = useMutation({
    mutationFn: (pointId: string) => dropOffApi.changeForOrder(apiClient, order.id, pointId),
    onSuccess: (updated) => {
      queryClient.setQueryData(orderKeys.detail(order.id), updated);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      setChosen(null);
      setError(undefined);
      toast.success(`Your drop-off point is now ${updated.dropOffPoint?.name ?? chosen?.name}`);
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      setError(fields.dropOffPointId ?? saveErrorMessage(err, 'Failed to change the drop-off point'));
    },
  });

  const point = order.dropOffPoint;
  if (!point) {
    return (
      <p className="card">
        Order {order.reference} is collected from the collection address: it has no drop-off point to change.
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError('Choose a drop-off point');
      return;
    }
    change.mutate(chosen.id);
  };
  const weights = order.parcels.map((p) => p.weight);
  return (
    <>
      <p>
        Order {order.reference} with {order.serviceName}, to be dropped off on{' '}
        {formatLongDate(order.collectionDate)}.
        {point.problem ? '' : ' Its drop-off point can take the parcel; you may still choose another.'}
      </p>
      <DropOffPointSummary point={point} />
      <form className="card stack" onSubmit={submit} noValidate aria-labelledby={headingId}>
        <h2 id={headingId}>Drop-off points near {formatPostcode(order.collectionAddress.postcode)}</h2>
        <DropOffPicker
          search={{
            postcode: formatPostcode(order.collectionAddress.postcode),
            serviceId: order.courierServiceId,
            date: order.collectionDate,
            weightKg: Math.max(...weights),
          }}
          value={chosen?.id ?? point.id}
          onChoose={(option) => {
            setChosen(option.id === point.id ? null : option);
            setError(undefined);
          }}
          labelId={headingId}
          error={error}
          errorId={errorId}
        />
        <FieldError id={errorId} error={error} />
        <div className="row">
          <button className="button button--primary" type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving…' : chosen ? `Use ${chosen.name}` : 'Use the chosen point'}
          </button>
        </div>
        <p className="muted">Your label names the point: print it again once you have chosen.</p>
      </form>
    </>
  );
}
