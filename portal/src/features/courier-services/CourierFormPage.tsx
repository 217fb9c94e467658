import {
  HANDOVER_DESCRIPTIONS,
  HANDOVER_LABELS,
  HANDOVER_VALUES,
  LABEL_MODE_DESCRIPTIONS,
  LABEL_MODE_LABELS,
  LABEL_MODE_VALUES,
} from '@consign/shared/handover';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { SelectField, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { saveErrorMessage } from '../../shared/api/client';
import { type CourierService, couriersApi, couriersQueryKey } from '../../shared/api/courier-services';
import { useAuth } from '../../shared/auth/auth';
import { LogoField } from '../../shared/components/LogoField';
import { useQuoteReferenceData } from '../../shared/quotes/referenceData';
import {
  ANY,
  bodyFromValues,
  type CourierFormValues,
  CURRENCIES,
  courierFormSchema,
  defaultCourierValues,
  SERVICE_TYPE_LABELS,
  valuesFromService,
} from './courierForm';
import { DestinationPicker } from './DestinationPicker';
import { TierEditor } from './TierEditor';
import { VendorOnly } from './VendorOnly';
import './courier-services.css';
import { FOR_NEXT_PAGE } from '../../shared/toasts/pageToasts';

const CURRENCY_SYMBOLS: Record<string, string> = { GBP: '£', EUR: '€', USD: '$' };

const SERVICE_TYPE_OPTIONS = (['domestic', 'international', 'same_day'] as const).map((type) => ({
  value: type,
  label: SERVICE_TYPE_LABELS[type],
}));

/** Same-day pricing, in the currency's units; the rate per mile may take a tenth of a penny. */
const SAME_DAY_FEES = [
  { name: 'baseFee', label: 'Base fee', step: '0.01' },
  { name: 'perMile', label: 'Price per mile', step: '0.001' },
  { name: 'minimumFee', label: 'Minimum fee', step: '0.01' },
] as const;

const LIMITS = [
  { name: 'maxLengthCm', label: 'Max length (cm)' },
  { name: 'maxWidthCm', label: 'Max width (cm)' },
  { name: 'maxHeightCm', label: 'Max height (cm)' },
  { name: 'maxWeightKg', label: 'Max weight (kg)' },
] as const;

/**
 * Where the form goes back to: the services list, or onboarding's pricing step when it was opened
 * from there (`?from=onboarding`), so a new courier adds its first services without leaving the wizard.
 */
export function returnTarget(from: string | null): { to: string; label: string } {
  return from === 'onboarding'
    ? { to: '/vendor-onboarding', label: 'Back to onboarding' }
    : { to: '/rate-card', label: 'Back to Courier Services' };
}

/** /add-courier and /edit-courier/:courierId: add mode without an id, edit mode with one. */
export function CourierFormPage() {
  const { courierId } = useParams();
  usePageTitle(courierId ? 'Edit Courier Service' : 'Add New Courier Service');
  return (
    <VendorOnly>
      {courierId ? <EditCourier key={courierId} courierId={courierId} /> : <CourierForm />}
    </VendorOnly>
  );
}

function EditCourier({ courierId }: { courierId: string }) {
  const { apiClient } = useAuth();
  const navigate = useNavigate();
  const courier = useQuery({
    queryKey: [...couriersQueryKey, courierId],
    queryFn: ({ signal }) => couriersApi.get(apiClient, courierId, signal),
    retry: false,
    // The form keeps its own copy; a background refetch must not reset what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  useEffect(() => {
    if (courier.isError) {
      toast.error('Error loading courier data', FOR_NEXT_PAGE);
      navigate('/rate-card', { replace: true });
    }
  }, [courier.isError, navigate]);

  if (!courier.data) {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Loading courier service" />
      </div>
    );
  }
  return <CourierForm service={courier.data} />;
}

function CourierForm({ service }: { service?: CourierService }) {
  const editing = service !== undefined;
  const { apiClient } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reference = useQuoteReferenceData();
  const [uploading, setUploading] = useState(false);
  const back = returnTarget(useSearchParams()[0].get('from'));

  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<CourierFormValues>({
    resolver: zodResolver(courierFormSchema) as never,
    defaultValues: service ? valuesFromService(service) : defaultCourierValues(),
    // Errors appear after the first submit, then follow each change (a new 1 kg tier is not an error yet).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const serviceType = watch('serviceType');
  const handover = watch('handover');
  const labelMode = watch('labelMode');
  const currency = watch('currency');
  const destinationsMode = watch('destinationsMode');
  const destinations = watch('destinations');
  const nations = reference.data.ukNations;
  const currencySymbol = CURRENCY_SYMBOLS[currency] ?? currency;

  const save = useMutation({
    mutationFn: (values: CourierFormValues) => {
      const body = bodyFromValues(values);
      return service ? couriersApi.update(apiClient, service.id, body) : couriersApi.create(apiClient, body);
    },
    onSuccess: async () => {
      toast.success(
        editing ? 'Courier service updated successfully!' : 'Courier service added successfully!',
        FOR_NEXT_PAGE,
      );
      await queryClient.invalidateQueries({ queryKey: couriersQueryKey });
      navigate(back.to);
    },
    onError: (error) => {
      toast.error(
        saveErrorMessage(
          error,
          editing ? 'Failed to update courier service' : 'Failed to add courier service',
        ),
      );
    },
  });

  // Submit stays enabled (issue 51, item 11): an invalid form names each problem at its field
  // and react-hook-form focuses the first.
  const onSubmit = handleSubmit((values) => save.mutate(values));
  const title = editing ? 'Edit Courier Service' : 'Add New Courier Service';

  return (
    <section className="container page courier-form">
      <Link to={back.to} className="courier-form__back">
        ← {back.label}
      </Link>
      <h1>{title}</h1>
      <form className="stack courier-form__form" onSubmit={onSubmit} noValidate aria-label={title}>
        <fieldset className="card courier-form__section">
          <legend className="courier-form__legend">Basic Information</legend>
          <div className="courier-form__grid">
            <TextField
              label="Service name"
              required
              maxLength={120}
              error={errors.name?.message}
              {...register('name')}
            />
            <SelectField
              label="Service type"
              required
              error={errors.serviceType?.message}
              options={SERVICE_TYPE_OPTIONS}
              {...register('serviceType')}
            >
              <option value="">Select a service type</option>
            </SelectField>
            <SelectField
              label="Currency"
              options={CURRENCIES.map((c) => ({ value: c, label: c }))}
              {...register('currency')}
            />
            <SelectField
              label="Status"
              hint="Inactive services are kept but not quoted."
              {...register('status')}
            >
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
            </SelectField>
            {serviceType !== 'same_day' && (
              <SelectField
                label="Handover"
                hint={HANDOVER_DESCRIPTIONS[handover]}
                options={HANDOVER_VALUES.map((value) => ({ value, label: HANDOVER_LABELS[value] }))}
                {...register('handover')}
              />
            )}
            {serviceType !== 'same_day' && handover === 'drop_off' && (
              <SelectField
                label="Label"
                hint={LABEL_MODE_DESCRIPTIONS[labelMode]}
                options={LABEL_MODE_VALUES.map((value) => ({ value, label: LABEL_MODE_LABELS[value] }))}
                {...register('labelMode')}
              />
            )}
          </div>
          <Controller
            control={control}
            name="logoUrl"
            render={({ field }) => (
              <LogoField value={field.value} onChange={field.onChange} onUploadingChange={setUploading} />
            )}
          />
        </fieldset>

        <fieldset className="card courier-form__section">
          <legend className="courier-form__legend">Route Information</legend>
          {serviceType === '' ? (
            <p className="muted">Choose a service type to set its route.</p>
          ) : serviceType === 'international' ? (
            <div className="stack">
              <TextField label="From location" value="United Kingdom" readOnly />
              <DestinationPicker
                destinations={reference.data.internationalDestinations}
                mode={destinationsMode}
                onModeChange={(mode) => setValue('destinationsMode', mode, { shouldValidate: isSubmitted })}
                selected={destinations}
                onSelectedChange={(codes) => setValue('destinations', codes, { shouldValidate: isSubmitted })}
                error={errors.destinations?.message}
              />
            </div>
          ) : (
            <div className="stack">
              <div className="courier-form__grid">
                <SelectField label="From location" options={nations} {...register('fromLocation')}>
                  <option value={ANY}>Any</option>
                </SelectField>
                <SelectField label="To location" options={nations} {...register('toLocation')}>
                  <option value={ANY}>Any</option>
                </SelectField>
              </div>
              {serviceType === 'same_day' ? (
                <fieldset className="courier-form__subsection">
                  <legend className="field__label">Same-day pricing</legend>
                  <p className="field__hint">
                    Added to the weight price: the base fee plus the price per mile between the two postcodes,
                    and never less than the minimum fee.
                  </p>
                  <div className="courier-form__grid courier-form__grid--3">
                    {SAME_DAY_FEES.map(({ name, label, step }) => (
                      <TextField
                        key={name}
                        label={`${label} (${currencySymbol})`}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        step={step}
                        required
                        error={errors[name]?.message}
                        {...register(name)}
                      />
                    ))}
                    <TextField
                      label="Maximum distance (miles)"
                      type="number"
                      inputMode="decimal"
                      min={1}
                      max={1000}
                      step="any"
                      hint="Journeys further than this are not offered; leave empty for no limit"
                      error={errors.maxMiles?.message}
                      {...register('maxMiles')}
                    />
                  </div>
                </fieldset>
              ) : null}
            </div>
          )}
        </fieldset>

        <fieldset className="card courier-form__section">
          <legend className="courier-form__legend">Maximum Dimensions &amp; Weight</legend>
          <p className="courier-form__note">
            Parcels bigger or heavier than these limits are filtered out of your quotes. Leave a field empty
            for no restriction.
          </p>
          <div className="courier-form__grid courier-form__grid--4">
            {LIMITS.map(({ name, label }) => (
              <TextField
                key={name}
                label={label}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.1"
                error={errors[name]?.message}
                {...register(name)}
              />
            ))}
          </div>
          <div className="courier-form__grid">
            {serviceType !== 'same_day' ? (
              <TextField
                label="Transit time (working days)"
                type="number"
                inputMode="numeric"
                min={0}
                max={30}
                step="1"
                hint="From collection to delivery, not counting weekends and bank holidays."
                error={errors.transitDays?.message}
                {...register('transitDays')}
              />
            ) : null}
            <TextField
              label="Volumetric divisor"
              type="number"
              inputMode="numeric"
              min={1000}
              max={10000}
              step="1"
              hint="Parcels are charged by the greater of their weight and L × W × H (cm) ÷ this number."
              error={errors.volumetricDivisor?.message}
              {...register('volumetricDivisor')}
            />
          </div>
        </fieldset>

        <fieldset className="card courier-form__section">
          <legend className="courier-form__legend">Weight Pricing</legend>
          <p className="courier-form__note">
            Each parcel pays the price of the lightest tier that covers its chargeable weight. Prices exclude
            VAT.
          </p>
          <TierEditor control={control} register={register} errors={errors} currencySymbol={currencySymbol} />
        </fieldset>

        <div className="row row--between courier-form__actions">
          <Link to={back.to} className="button button--secondary">
            Cancel
          </Link>
          <button type="submit" className="button button--primary" disabled={uploading || save.isPending}>
            {save.isPending ? (
              <Spinner label="Saving" />
            ) : editing ? (
              'Update Courier Service'
            ) : (
              'Add Courier Service'
            )}
          </button>
        </div>
      </form>
    </section>
  );
}
