import { takesDropOff, WEEKDAY_LABELS, WEEKDAYS } from '@consign/shared/handover';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { FieldError, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { describeError, fieldErrorsOf, saveErrorMessage } from '../../shared/api/client';
import { couriersApi, couriersQueryKey } from '../../shared/api/courier-services';
import { useAuth } from '../../shared/auth/auth';
import { FOR_NEXT_PAGE } from '../../shared/toasts/pageToasts';
import { VendorShell } from '../../shared/vendor-shell';
import { type DropOffPoint, pointKeys, pointsApi } from './dropoff-api';
import {
  CLOSED_DATES_HINT,
  emptyPointValues,
  formErrorsOf,
  HOURS_HINT,
  type PointErrors,
  type PointFormValues,
  pointBody,
  valuesFromPoint,
} from './pointForm';
import './vendor-dropoff.css';

/** /vendor-dropoff-points/new and /vendor-dropoff-points/:pointId/edit. */
export function DropOffPointFormPage() {
  const { pointId } = useParams();
  usePageTitle(pointId ? 'Edit Drop-off Point' : 'Add a Drop-off Point');
  return (
    <VendorShell what="your drop-off points">
      {pointId ? <EditPoint key={pointId} pointId={pointId} /> : <PointForm />}
    </VendorShell>
  );
}

function EditPoint({ pointId }: { pointId: string }) {
  const { apiClient } = useAuth();
  const point = useQuery({
    queryKey: pointKeys.one(pointId),
    queryFn: ({ signal }) => pointsApi.get(apiClient, pointId, signal),
    retry: false,
    // The form keeps its own copy; a background refetch must not reset what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (point.isPending) {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Loading the point" />
      </div>
    );
  }
  if (point.isError) {
    return (
      <div className="card empty-state" role="alert">
        <h1>Could not load this point</h1>
        <p className="muted">{describeError(point.error)}</p>
        <Link to="/vendor-dropoff-points">Back to your drop-off points</Link>
      </div>
    );
  }
  return <PointForm point={point.data} />;
}

function PointForm({ point }: { point?: DropOffPoint }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PointFormValues>(() =>
    point ? valuesFromPoint(point) : emptyPointValues(),
  );
  const [errors, setErrors] = useState<PointErrors>({});
  const [attempt, setAttempt] = useState(0);
  const services = useQuery({
    queryKey: couriersQueryKey,
    queryFn: ({ signal }) => couriersApi.list(apiClient, signal),
  });
  const dropOffServices = (services.data?.items ?? []).filter(
    (s) => takesDropOff(s.handover) || values.serviceIds.includes(s.id),
  );

  // After a refused save, the first field in error takes focus so the courier lands on it.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const save = useMutation({
    mutationFn: (body: Parameters<typeof pointsApi.create>[1]) =>
      point ? pointsApi.update(apiClient, point.id, body) : pointsApi.create(apiClient, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(pointKeys.one(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: pointKeys.all, exact: true });
      toast.success(point ? `${saved.name} saved` : `${saved.name} published`, FOR_NEXT_PAGE);
      navigate('/vendor-dropoff-points');
    },
    onError: (error) => {
      const fields = formErrorsOf(fieldErrorsOf(error));
      setErrors(fields);
      setAttempt((n) => n + 1);
      toast.error(saveErrorMessage(error, point ? 'Failed to save the point' : 'Failed to add the point'));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = pointBody(values);
    if ('errors' in result) {
      setErrors(result.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    save.mutate(result.body);
  };

  const set =
    (field: Exclude<keyof PointFormValues, 'hours' | 'serviceIds'>) =>
    (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [field]: event.target.value }));
  const title = point ? `Edit ${point.name}` : 'Add a drop-off point';
  const errorCount = Object.keys(errors).length;

  return (
    <section className="vendor-dropoff">
      <Link to="/vendor-dropoff-points" className="dropoff-form__back">
        ← Back to drop-off points
      </Link>
      <h1>{title}</h1>
      {errorCount > 0 ? (
        <p className="alert alert--error" role="alert">
          {errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} your attention before the point
          can be saved.
        </p>
      ) : null}
      <form ref={formRef} className="stack dropoff-form" onSubmit={submit} noValidate aria-label={title}>
        <fieldset className="card dropoff-form__section">
          <legend className="dropoff-form__legend">The point</legend>
          <div className="dropoff-form__grid">
            <TextField
              label="Name"
              required
              maxLength={120}
              value={values.name}
              onChange={set('name')}
              error={errors.name}
            />
            <TextField
              label="Code"
              maxLength={40}
              hint="Your own reference; a CSV line with this code updates the point. Left empty, one is made."
              value={values.code}
              onChange={set('code')}
              error={errors.code}
            />
          </div>
        </fieldset>
        <fieldset className="card dropoff-form__section">
          <legend className="dropoff-form__legend">Address</legend>
          <div className="dropoff-form__grid">
            <TextField
              label="Street"
              required
              autoComplete="address-line1"
              value={values.line1}
              onChange={set('line1')}
              error={errors.line1}
            />
            <TextField
              label="Address line 2"
              autoComplete="address-line2"
              value={values.line2}
              onChange={set('line2')}
              error={errors.line2}
            />
            <TextField
              label="Town"
              required
              autoComplete="address-level2"
              value={values.town}
              onChange={set('town')}
              error={errors.town}
            />
            <TextField
              label="Postcode"
              required
              autoComplete="postal-code"
              value={values.postcode}
              onChange={set('postcode')}
              error={errors.postcode}
            />
          </div>
        </fieldset>
        <fieldset className="card dropoff-form__section" aria-describedby="hours-hint">
          <legend className="dropoff-form__legend">Opening hours</legend>
          <p className="field__hint" id="hours-hint">
            {HOURS_HINT}.
          </p>
          <FieldError error={errors.openingHours} />
          <div className="dropoff-form__grid dropoff-form__hours">
            {WEEKDAYS.map((day) => (
              <TextField
                key={day}
                label={WEEKDAY_LABELS[day]}
                placeholder="Closed"
                value={values.hours[day]}
                onChange={(event) => {
                  const text = event.target.value;
                  setValues((v) => ({ ...v, hours: { ...v.hours, [day]: text } }));
                }}
                error={errors[`hours.${day}`]}
              />
            ))}
          </div>
          <TextField
            label="Closed dates"
            hint={CLOSED_DATES_HINT}
            value={values.closedDates}
            onChange={set('closedDates')}
            error={errors.closedDates}
          />
        </fieldset>
        <fieldset className="card dropoff-form__section">
          <legend className="dropoff-form__legend">What it takes</legend>
          <TextField
            label="Heaviest parcel (kg)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.1"
            required
            value={values.maxWeightKg}
            onChange={set('maxWeightKg')}
            error={errors.maxWeightKg}
          />
          <fieldset
            className="dropoff-form__services"
            aria-invalid={errors.serviceIds ? true : undefined}
            aria-describedby={errors.serviceIds ? 'services-error' : undefined}
          >
            <legend className="field__label">Services it takes parcels for</legend>
            {services.isPending ? (
              <Spinner label="Loading your services" />
            ) : services.isError ? (
              <p className="alert alert--error">{describeError(services.error)}</p>
            ) : dropOffServices.length === 0 ? (
              <p className="muted">
                None of your services takes drop-offs yet: set a service’s handover to drop-off in{' '}
                <Link to="/rate-card">Rate Cards</Link> first.
              </p>
            ) : (
              <ul className="plain-list">
                {dropOffServices.map((s) => (
                  <li key={s.id}>
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={values.serviceIds.includes(s.id)}
                        aria-invalid={errors.serviceIds ? true : undefined}
                        onChange={(event) => {
                          const on = event.target.checked;
                          setValues((v) => ({
                            ...v,
                            serviceIds: on
                              ? [...v.serviceIds, s.id]
                              : v.serviceIds.filter((id) => id !== s.id),
                          }));
                        }}
                      />
                      <span>{s.name}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            <FieldError id="services-error" error={errors.serviceIds} />
          </fieldset>
        </fieldset>
        <div className="row dropoff-form__submit">
          <button className="button button--primary" type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : point ? 'Save changes' : 'Publish point'}
          </button>
          <Link to="/vendor-dropoff-points" className="button button--secondary">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
