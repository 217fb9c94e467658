import { zodResolver } from '@hookform/resolvers/zod';
import { type KeyboardEvent, useId, useRef } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { SelectField, TextField } from '../../components/Field';
import { countryOptions } from '../api/meta';
import type { QuoteLimits, ServiceType } from '../api/quotes';
import { lazyToast } from '../toasts/lazyToast';
import {
  defaultFormValues,
  EMPTY_PARCEL,
  FILL_ALL_FIELDS,
  FIX_FIELDS,
  hasEmptyRequiredField,
  MAX_PARCELS,
  MAX_WEIGHT_KG,
  type QuoteFormValues,
  quoteFormSchema,
  requestFromForm,
  searchFromRequest,
} from './quoteQuery';
import { maxWeightFor, useQuoteLimits, useQuoteReferenceData } from './referenceData';
import './quotes.css';

const TABS: { value: ServiceType; label: string }[] = [
  { value: 'domestic', label: 'UK–UK' },
  { value: 'international', label: 'International' },
  { value: 'same_day', label: 'Same Day' },
];

interface QuoteFormProps {
  /** Starting values, e.g. the search the results page is showing. */
  initialValues?: QuoteFormValues;
  title?: string;
  /** Heading level of the title: 1 on a page whose main content is the form. */
  titleLevel?: 1 | 2;
}

type FormContext = { limits: QuoteLimits | undefined };

const resolvers = new Map<number | null, Resolver<QuoteFormValues, FormContext>>();
/**
 * The form's resolver, whose schema is built at the first validation (see quoteFormSchema), one
 * for each heaviest weight the form has been told of.
 */
const validateQuoteForm: Resolver<QuoteFormValues, FormContext> = (values, context, options) => {
  const max = maxWeightFor(context?.limits, values.serviceType);
  let resolver = resolvers.get(max);
  if (!resolver) {
    resolver = zodResolver(quoteFormSchema(max)) as unknown as Resolver<QuoteFormValues, FormContext>;
    resolvers.set(max, resolver);
  }
  return resolver(values, context, options);
};

/**
 * The quote form: UK–UK, International and Same Day tabs, one or more parcels, and 'Get Quote',
 * which opens /result with the search in its query string (see quoteQuery.ts for the contract).
 */
export function QuoteForm({ initialValues, title = 'Get a quote', titleLevel = 2 }: QuoteFormProps) {
  const navigate = useNavigate();
  const reference = useQuoteReferenceData();
  const meta = reference.data;
  const titleId = useId();
  const panelId = useId();
  const tabIds = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const limits = useQuoteLimits();

  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<QuoteFormValues, FormContext>({
    resolver: validateQuoteForm,
    context: { limits },
    defaultValues: initialValues ?? defaultFormValues(meta.defaultDestination),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'parcels' });

  const serviceType = watch('serviceType');
  const destination = watch('destination');
  const maxWeightKg = maxWeightFor(limits, serviceType);

  const onSubmit = handleSubmit(
    (values) => {
      navigate(`/result?${searchFromRequest(requestFromForm(values))}`);
    },
    () => {
      // Unlike the old form, an incomplete form is not sent: the toast says why, the fields say where.
      const empty = hasEmptyRequiredField(getValues());
      lazyToast('error', empty ? FILL_ALL_FIELDS : FIX_FIELDS, { toastId: 'quote-fill-all' });
    },
  );

  function selectTab(index: number, focus = false) {
    const tab = TABS[(index + TABS.length) % TABS.length]!;
    setValue('serviceType', tab.value);
    if (focus) tabRefs.current[TABS.indexOf(tab)]?.focus();
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    selectTab(next, true);
  }

  const destinations = meta.internationalDestinations;
  // A destination from the URL that the list does not know (or not yet) still shows as chosen.
  const destinationOptions =
    destination && !destinations.some((d) => d.code === destination)
      ? [...destinations, { code: destination, name: destination }]
      : destinations;
  const nations = meta.ukNations;
  const activeIndex = TABS.findIndex((t) => t.value === serviceType);
  const Heading = titleLevel === 1 ? 'h1' : 'h2';

  return (
    <form className="card quote-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <Heading id={titleId} className="quote-form__title">
        {title}
      </Heading>
      <div className="quote-tabs" role="tablist" aria-label="Service type">
        {TABS.map((tab, index) => {
          const selected = index === activeIndex;
          return (
            <button
              key={tab.value}
              ref={(el) => {
                tabRefs.current[index] = el;
              }}
              id={`${tabIds}-${tab.value}`}
              type="button"
              role="tab"
              className="quote-tabs__tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => selectTab(index)}
              onKeyDown={(event) => onTabKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>

      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${tabIds}-${serviceType}`}
        className="quote-form__panel"
      >
        <div className="quote-form__route">
          {serviceType === 'domestic' ? (
            <>
              <SelectField label="Collect From" options={nations} {...register('from')} />
              <SelectField label="Deliver to" options={nations} {...register('to')} />
            </>
          ) : null}
          {serviceType === 'international' ? (
            <>
              <TextField label="Collect From" value="United Kingdom" readOnly />
              <SelectField
                label="Deliver to"
                error={errors.destination?.message}
                hint={reference.isError ? 'Could not load every destination; try again later.' : undefined}
                options={countryOptions(destinationOptions)}
                {...register('destination')}
              />
            </>
          ) : null}
          {serviceType === 'same_day' ? (
            <>
              <TextField
                label="Collection postcode"
                autoComplete="postal-code"
                autoCapitalize="characters"
                placeholder="e.g. SW1A 1AA"
                required
                error={errors.fromPostcode?.message}
                {...register('fromPostcode')}
              />
              <TextField
                label="Delivery postcode"
                autoComplete="postal-code"
                autoCapitalize="characters"
                placeholder="e.g. EC1A 1BB"
                required
                error={errors.toPostcode?.message}
                {...register('toPostcode')}
              />
            </>
          ) : null}
        </div>

        {fields.map((field, index) => {
          const parcelErrors = errors.parcels?.[index];
          return (
            <fieldset key={field.id} className="quote-form__parcel">
              <legend className={fields.length > 1 ? 'quote-form__legend' : 'visually-hidden'}>
                Parcel {index + 1}
              </legend>
              <div className="quote-form__measures">
                <TextField
                  label="Length (cm)"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="any"
                  required
                  error={parcelErrors?.length?.message}
                  {...register(`parcels.${index}.length`)}
                />
                <TextField
                  label="Width (cm)"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="any"
                  required
                  error={parcelErrors?.width?.message}
                  {...register(`parcels.${index}.width`)}
                />
                <TextField
                  label="Height (cm)"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="any"
                  required
                  error={parcelErrors?.height?.message}
                  {...register(`parcels.${index}.height`)}
                />
                <TextField
                  label="Weight (kg)"
                  type="number"
                  inputMode="decimal"
                  min={0.1}
                  step={0.1}
                  max={maxWeightKg ?? MAX_WEIGHT_KG}
                  required
                  hint={maxWeightKg ? `Up to ${maxWeightKg} kg` : undefined}
                  error={parcelErrors?.weight?.message}
                  {...register(`parcels.${index}.weight`)}
                />
              </div>
              {fields.length > 1 ? (
                <button
                  type="button"
                  className="link-button quote-form__remove"
                  onClick={() => remove(index)}
                >
                  Remove parcel {index + 1}
                </button>
              ) : null}
            </fieldset>
          );
        })}

        <div className="quote-form__actions">
          {fields.length < MAX_PARCELS ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => append({ ...EMPTY_PARCEL }, { focusName: `parcels.${fields.length}.length` })}
            >
              Add another parcel
            </button>
          ) : null}
          <button type="submit" className="button button--primary quote-form__submit">
            Get Quote
          </button>
        </div>
      </div>
    </form>
  );
}
