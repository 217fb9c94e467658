import { useEffect, useRef, useState } from 'react';
import { FormProvider, get, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { FieldError, SelectField, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { parseMoney, ukDate } from '../../lib/format';
import { countryName, deliveryCountryOf } from '../../shared/api/booking';
import { describeError, isApiError } from '../../shared/api/client';
import { type CreateJobRequest, jobsApi } from '../../shared/api/jobs';
import {
  countryOptions,
  type ReferenceData,
  useCollectionDays,
  useReferenceData,
} from '../../shared/api/meta';
import { newIdempotencyKey } from '../../shared/api/orders';
import { useAuth } from '../../shared/auth/auth';
import { RequireSignIn } from '../../shared/auth/RequireSignIn';
import { AdditionalInfo } from '../../shared/booking-form/AdditionalInfo';
import { AddressFields } from '../../shared/booking-form/AddressFields';
import { BreakdownSection } from '../../shared/booking-form/BreakdownSection';
import { submitProblem } from '../../shared/booking-form/bookingSchema';
import { CustomsSection } from '../../shared/booking-form/CustomsSection';
import { sameBody } from '../../shared/booking-form/draft';
import { collectMessages, errorAt, flatResolver } from '../../shared/booking-form/formResolver';
import { emptyBooking, emptyItem } from '../../shared/booking-form/formValues';
import { useSavedAddresses } from '../../shared/booking-form/savedAddresses';
import { toShipmentBody } from '../../shared/booking-form/shipmentBody';
import { TermsBox } from '../../shared/booking-form/TermsBox';
import { emptyParcel, parseRouteQuery, type RouteValues } from './routeQuery';
import { type JobValues, validateJob } from './validation';
import '../../shared/booking-form/booking.css';
import '../../shared/orders/orders.css';

/**
 * "Post a job": `/post-job?` + the results page's query (its no-results screen links here). The
 * customer names a price; once paid, couriers whose services could carry the parcel see it.
 */
export function PostJobPage() {
  usePageTitle('Post a job');
  return (
    <RequireSignIn what="the job form" roles={['customer']}>
      <PostJobLoader />
    </RequireSignIn>
  );
}

function PostJobLoader() {
  const reference = useReferenceData();
  if (reference.isPending) {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Loading the form" />
      </div>
    );
  }
  if (reference.isError) {
    return (
      <section className="container page narrow">
        <div className="card empty-state" role="alert">
          <h1>Something Went Wrong</h1>
          <p className="muted">{describeError(reference.error)}</p>
          <button type="button" className="button button--primary" onClick={() => void reference.refetch()}>
            Try again
          </button>
        </div>
      </section>
    );
  }
  return <PostJobForm reference={reference.data} />;
}

/** Query values in the API's spelling: nations as listed, destinations as ISO codes. */
function normaliseRoute(route: RouteValues, reference: ReferenceData): RouteValues {
  const nation = (value: string) =>
    reference.ukNations.find((n) => n.value.toLowerCase() === value.toLowerCase())?.value ?? '';
  const destination = (value: string) =>
    reference.internationalDestinations.find(
      (c) => c.code.toLowerCase() === value.toLowerCase() || c.name.toLowerCase() === value.toLowerCase(),
    )?.code ?? '';
  if (route.serviceType === 'international') return { ...route, from: 'GB', to: destination(route.to) };
  return { ...route, from: nation(route.from), to: nation(route.to) };
}

function toRouteBody(values: JobValues) {
  const parcels = values.parcels.map((p) => ({
    length: Number(p.length),
    width: Number(p.width),
    height: Number(p.height),
    weight: Number(p.weight),
  }));
  switch (values.serviceType) {
    case 'international':
      return { serviceType: values.serviceType, from: 'GB', to: values.to, parcels };
    case 'same_day':
      return {
        serviceType: values.serviceType,
        fromPostcode: values.fromPostcode.trim(),
        toPostcode: values.toPostcode.trim(),
        parcels,
      };
    default:
      return { serviceType: values.serviceType, from: values.from, to: values.to, parcels };
  }
}

/** The API's field paths for a job body, as this form names its fields. */
function formPath(apiPath: string): string {
  return apiPath
    .replace(/^collectionAddress\./, 'collection.')
    .replace(/^deliveryAddress\./, 'delivery.')
    .replace(/^askingPrice\.amount$/, 'askingPrice');
}

function PostJobForm({ reference }: { reference: ReferenceData }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { apiClient } = useAuth();
  const today = ukDate();
  const { data: collectionDays } = useCollectionDays();
  const attempt = useRef<{ body: CreateJobRequest; key: string } | null>(null);
  const [serverErrors, setServerErrors] = useState<string[]>([]);

  // The query is read once, on arrival: the form owns the values afterwards.
  const [defaultValues] = useState<JobValues>(() => {
    const route = normaliseRoute(parseRouteQuery(params), reference);
    const international = route.serviceType === 'international';
    return {
      ...emptyBooking({ from: 'GB', to: deliveryCountryOf(route), international }),
      ...route,
      askingPrice: '',
    };
  });

  const methods = useForm<JobValues>({
    defaultValues,
    mode: 'onTouched',
    resolver: flatResolver((values) => validateJob(values, today, collectionDays), ['items', 'parcels']),
  });
  const { control, handleSubmit, setValue, getValues, setError, register, formState } = methods;
  const [serviceType, to] = useWatch({ control, name: ['serviceType', 'to'] });
  const international = serviceType === 'international';
  const deliveryCountry = deliveryCountryOf({ serviceType, to });

  // The delivery country follows the route; international jobs need a breakdown row to start.
  useEffect(() => {
    setValue('delivery.country', deliveryCountry);
    if (international && getValues('items').length === 0) setValue('items', [emptyItem()]);
  }, [deliveryCountry, international, setValue, getValues]);

  const saved = useSavedAddresses(deliveryCountry);

  const onValid = async (values: JobValues) => {
    setServerErrors([]);
    const body = {
      ...toRouteBody(values),
      ...toShipmentBody(values, international),
      askingPrice: { amount: parseMoney(values.askingPrice) ?? 0, currency: 'GBP' },
    } as CreateJobRequest;
    // One key per attempt: a double click or a retry after a network error posts the job once.
    if (!attempt.current || !sameBody(attempt.current.body, body))
      attempt.current = { body, key: newIdempotencyKey() };
    try {
      const job = await jobsApi.create(apiClient, body, attempt.current.key);
      navigate(`/payment?job=${encodeURIComponent(job.id)}`);
    } catch (error) {
      if (isApiError(error, 422) && error.problem.errors?.length) {
        const unplaced: string[] = [];
        for (const field of error.problem.errors) {
          const path = formPath(field.path);
          if (get(getValues(), path) !== undefined)
            setError(path as never, { type: 'server', message: field.message });
          else unplaced.push(field.message);
        }
        setServerErrors(unplaced);
        // Stored by the API with its key: the corrected job must be a new attempt.
        attempt.current = null;
        toast.error('Please correct the highlighted fields');
      } else {
        toast.error(describeError(error));
      }
    }
  };

  return (
    <section className="container page booking">
      <header className="page-header">
        <h1>Post a job</h1>
        <p className="muted">
          No courier option fits, or you would rather name your price? Describe the parcel and offer a price.
          Once you have paid it, couriers whose services can carry the parcel may accept the job for 7 days;
          if none does, or you withdraw it, you are refunded.
        </p>
      </header>
      <FormProvider {...methods}>
        <form
          className="booking__form booking__form--wide stack"
          onSubmit={handleSubmit(onValid, (errors) => toast.error(submitProblem(collectMessages(errors))))}
          noValidate
          aria-label="Post a job"
        >
          <RouteSection reference={reference} />
          <AddressFields
            prefix="collection"
            legend="Collection address"
            countryName={countryName('GB', reference)}
            saved={saved.collection}
          />
          <AddressFields
            key={deliveryCountry}
            prefix="delivery"
            legend="Delivery address"
            countryName={
              deliveryCountry ? countryName(deliveryCountry, reference) : 'Choose a destination above'
            }
            saved={saved.delivery}
          />
          <AdditionalInfo today={today} days={collectionDays} />
          {international ? (
            <>
              <CustomsSection reference={reference} />
              <BreakdownSection reference={reference} currency="GBP" />
            </>
          ) : null}
          <fieldset className="card form-section">
            <legend className="form-section__title">Your asking price</legend>
            <p className="muted form-section__intro">
              What you will pay, VAT included. You pay it now; it is refunded if no courier accepts the job.
            </p>
            <div className="form-grid">
              <TextField
                label="Asking price (£)"
                inputMode="decimal"
                required
                placeholder="25.00"
                error={errorAt(formState.errors, 'askingPrice')}
                {...register('askingPrice')}
              />
            </div>
          </fieldset>
          <TermsBox />
          {serverErrors.length ? (
            <ul className="alert alert--error" role="alert">
              {serverErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
          <div className="row row--between booking__actions">
            <Link to="/" className="button button--ghost">
              Cancel
            </Link>
            <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? <Spinner label="Posting your job" /> : 'Post job and pay'}
            </button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}

const PARCEL_MEASURES = [
  { key: 'length', label: 'Length (cm)' },
  { key: 'width', label: 'Width (cm)' },
  { key: 'height', label: 'Height (cm)' },
  { key: 'weight', label: 'Weight (kg)' },
] as const;

function RouteSection({ reference }: { reference: ReferenceData }) {
  const { control, register, formState } = useFormContext<JobValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'parcels' });
  const serviceType = useWatch({ control, name: 'serviceType' });
  const error = (name: string): string | undefined => errorAt(formState.errors, name);
  const parcelsError = errorAt(formState.errors, 'parcels');

  return (
    <fieldset className="card form-section">
      <legend className="form-section__title">Your parcel and route</legend>
      <div className="form-grid">
        <SelectField label="Service" options={reference.serviceTypes} {...register('serviceType')} />
        {serviceType === 'domestic' ? (
          <>
            <SelectField
              label="Collect from"
              required
              error={error('from')}
              options={reference.ukNations}
              {...register('from')}
            >
              <option value="">Choose…</option>
            </SelectField>
            <SelectField
              label="Deliver to"
              required
              error={error('to')}
              options={reference.ukNations}
              {...register('to')}
            >
              <option value="">Choose…</option>
            </SelectField>
          </>
        ) : serviceType === 'international' ? (
          <SelectField
            label="Destination"
            required
            error={error('to')}
            options={countryOptions(reference.internationalDestinations)}
            {...register('to')}
          >
            <option value="">Choose…</option>
          </SelectField>
        ) : (
          <>
            <TextField
              label="Collection postcode"
              required
              error={error('fromPostcode')}
              {...register('fromPostcode')}
            />
            <TextField
              label="Delivery postcode"
              required
              error={error('toPostcode')}
              {...register('toPostcode')}
            />
          </>
        )}
      </div>
      <ol className="parcels-editor">
        {fields.map((field, index) => (
          <li key={field.id}>
            <fieldset className="parcels-editor__row">
              <legend className="breakdown__legend">Parcel {index + 1}</legend>
              {PARCEL_MEASURES.map(({ key, label }) => (
                <TextField
                  key={key}
                  label={label}
                  inputMode="decimal"
                  required
                  error={error(`parcels.${index}.${key}`)}
                  {...register(`parcels.${index}.${key}`)}
                />
              ))}
            </fieldset>
            {fields.length > 1 ? (
              <button
                type="button"
                className="link-button"
                onClick={() => remove(index)}
                aria-label={`Remove parcel ${index + 1}`}
              >
                Remove
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      <FieldError error={parcelsError} />
      <button
        type="button"
        className="button button--secondary"
        onClick={() => append(emptyParcel())}
        disabled={fields.length >= 20}
      >
        Add parcel
      </button>
    </fieldset>
  );
}
