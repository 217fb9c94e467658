import { calendarOf, collectionDateProblem } from '@consign/shared/collection-days';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { ukDate } from '../../lib/format';
import { addressBookKeys } from '../../shared/api/address-book';
import {
  bookingApi,
  countryName,
  deliveryCountryOf,
  describeRoute,
  type Quote,
  type QuoteOption,
} from '../../shared/api/booking';
import { type ApiClient, describeError } from '../../shared/api/client';
import { type ReferenceData, useCollectionDays, useReferenceData } from '../../shared/api/meta';
import { type CreateOrderRequest, newIdempotencyKey, ordersApi } from '../../shared/api/orders';
import { useAuth } from '../../shared/auth/auth';
import { RequireSignIn } from '../../shared/auth/RequireSignIn';
import { AdditionalInfo } from '../../shared/booking-form/AdditionalInfo';
import { AddressFields } from '../../shared/booking-form/AddressFields';
import { BreakdownSection } from '../../shared/booking-form/BreakdownSection';
import { messages, submitProblem, validateBooking } from '../../shared/booking-form/bookingSchema';
import { CoverChoice } from '../../shared/booking-form/CoverChoice';
import { CustomsSection } from '../../shared/booking-form/CustomsSection';
import { loadDraft, sameBody, saveDraft } from '../../shared/booking-form/draft';
import { collectMessages, flatResolver } from '../../shared/booking-form/formResolver';
import { type BookingValues, emptyBooking } from '../../shared/booking-form/formValues';
import { Stepper } from '../../shared/booking-form/Stepper';
import { useSavedAddresses } from '../../shared/booking-form/savedAddresses';
import { saveTickedAddresses, saveToBookErrors } from '../../shared/booking-form/saveToBook';
import { toShipmentBody } from '../../shared/booking-form/shipmentBody';
import { TermsBox } from '../../shared/booking-form/TermsBox';
import { DropOffSection } from '../../shared/dropoff/DropOffSection';
import { dropOffBody, dropOffErrors } from '../../shared/dropoff/dropOffForm';
import { BookingSummary } from './BookingSummary';
import '../../shared/booking-form/booking.css';
import { FOR_NEXT_PAGE } from '../../shared/toasts/pageToasts';

/** Step 1 of 3, `/booking?quote=<quoteId>&option=<optionId>` (the results page's Book Now). */
export function BookingPage() {
  usePageTitle('Book your Delivery');
  return (
    <RequireSignIn what="the booking form">
      <BookingLoader />
    </RequireSignIn>
  );
}

export function bookingPath(quoteId: string, optionId: string): string {
  return `/booking?${new URLSearchParams({ quote: quoteId, option: optionId })}`;
}

function BookingLoader() {
  const [params] = useSearchParams();
  const quoteId = params.get('quote') ?? '';
  const optionId = params.get('option') ?? '';
  const quote = useQuery({
    queryKey: ['quotes', quoteId],
    queryFn: ({ signal }) => bookingApi.quote(quoteId, signal),
    enabled: quoteId !== '',
  });
  const reference = useReferenceData();

  if (!quoteId || !optionId) {
    return (
      <Problem title="No courier chosen yet">
        Compare quotes first, then press Book Now on the courier you want.
      </Problem>
    );
  }
  if (quote.isPending || reference.isPending) {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Loading your booking" />
      </div>
    );
  }
  if (quote.isError || reference.isError) {
    return (
      <Problem
        title="Something Went Wrong"
        retry={() => void Promise.all([quote.refetch(), reference.refetch()])}
      >
        {describeError(quote.error ?? reference.error)}
      </Problem>
    );
  }
  const option = quote.data.options.find((o) => o.id === optionId);
  if (!option) {
    return (
      <Problem title="This courier option is not part of the quote">Please choose a courier again.</Problem>
    );
  }
  if (quote.data.expired || Date.parse(quote.data.expiresAt) <= Date.now()) {
    return (
      <Problem title="This quote has expired">
        Prices are held for 30 minutes. Get a new quote to see today’s prices.
      </Problem>
    );
  }
  return <BookingForm quote={quote.data} option={option} reference={reference.data} />;
}

function Problem({ title, children, retry }: { title: string; children: ReactNode; retry?: () => void }) {
  return (
    <section className="container page narrow">
      <div className="card empty-state" role="alert">
        <h1>{title}</h1>
        <p className="muted">{children}</p>
        <div className="row row--center">
          {retry ? (
            <button type="button" className="button button--secondary" onClick={retry}>
              Try again
            </button>
          ) : null}
          <Link to="/" className="button button--primary">
            Get a new quote
          </Link>
        </div>
      </div>
    </section>
  );
}

interface BookingFormProps {
  quote: Quote;
  option: QuoteOption;
  reference: ReferenceData;
}

function BookingForm({ quote, option, reference }: BookingFormProps) {
  const navigate = useNavigate();
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const international = option.serviceType === 'international';
  const deliveryCountry = deliveryCountryOf(quote.request);
  const today = ukDate();
  const { data: collectionDays } = useCollectionDays();
  const coverAmounts = useMemo(() => reference.coverTiers.map((t) => t.coverAmount), [reference]);

  const defaultValues = useMemo<BookingValues>(() => {
    const fresh = emptyBooking({ from: 'GB', to: deliveryCountry, international });
    const draft = loadDraft();
    if (!draft || draft.quoteId !== quote.id || draft.optionId !== option.id) return fresh;
    // The countries always come from the quote, whatever the draft says.
    return {
      ...fresh,
      ...draft.values,
      collection: { ...draft.values.collection, country: 'GB' },
      delivery: { ...draft.values.delivery, country: deliveryCountry },
    };
  }, [quote.id, option.id, deliveryCountry, international]);

  const methods = useForm<BookingValues>({
    defaultValues,
    mode: 'onTouched',
    resolver: flatResolver(
      (values) => ({
        ...validateBooking(values, { international, today, collectionDays, coverAmounts }),
        ...dropOffErrors(values, option.handover),
        ...saveToBookErrors(values),
      }),
      ['items'],
    ),
  });
  const { handleSubmit, watch, control } = methods;

  // Keep the draft as it is typed, so a reload or "Edit" on the review step loses nothing.
  useEffect(() => {
    const subscription = watch((values) => {
      const previous = loadDraft();
      const same = previous?.quoteId === quote.id && previous.optionId === option.id;
      saveDraft({
        version: 1,
        quoteId: quote.id,
        optionId: option.id,
        values: values as BookingValues,
        submitted: same ? previous.submitted : undefined,
        orderId: same ? previous.orderId : undefined,
      });
    });
    return () => subscription.unsubscribe();
  }, [watch, quote.id, option.id]);

  const saved = useSavedAddresses(deliveryCountry);

  const collectionDate = useWatch({ control, name: 'collectionDate' });
  // Re-dated whenever the collection date changes: the summary shows what the booking will store.
  const chosenDate =
    /^\d{4}-\d{2}-\d{2}$/.test(collectionDate) &&
    (collectionDays
      ? collectionDateProblem(collectionDate, calendarOf(collectionDays)) === null
      : collectionDate >= today)
      ? collectionDate
      : null;
  const delivery = useQuery({
    queryKey: ['quotes', quote.id, option.id, 'delivery-date', chosenDate],
    queryFn: ({ signal }) => bookingApi.deliveryDate(quote.id, option.id, chosenDate as string, signal),
    enabled: chosenDate !== null,
    staleTime: 60_000,
  });

  const cover = useWatch({ control, name: 'cover' });
  const coverFee =
    cover === '' ? null : (reference.coverTiers.find((t) => String(t.coverAmount) === cover)?.fee ?? null);
  const route = describeRoute(quote.request, reference);

  const onValid = async (values: BookingValues) => {
    const outcome = await saveTickedAddresses(apiClient, values);
    for (const { section, entry } of outcome.saved) {
      // The form moves on to the review when every save went through: the toast goes with it.
      toast.success(`“${entry.label}” saved to your address book`, outcome.ok ? FOR_NEXT_PAGE : undefined);
      // Saved once: the form sent again (back from the review) must not save it twice.
      methods.setValue(`saveToBook.${section}.save`, false);
    }
    if (outcome.saved.length) void queryClient.invalidateQueries({ queryKey: addressBookKeys.all });
    if (!outcome.ok) {
      methods.setError(
        outcome.path as `saveToBook.collection.label`,
        { type: 'server', message: outcome.message },
        { shouldFocus: true },
      );
      toast.error(outcome.message);
      return;
    }
    const body = {
      quoteOptionId: option.id,
      ...toShipmentBody(values, international),
      ...dropOffBody(values, option.handover),
      coverAmount: Number(values.cover),
    } as CreateOrderRequest;
    const previous = loadDraft();
    const unchanged =
      previous?.quoteId === quote.id &&
      previous.submitted !== undefined &&
      sameBody(previous.submitted.body, body);
    if (!unchanged && previous?.orderId) void discardUnpaidOrder(apiClient, previous.orderId);
    saveDraft({
      version: 1,
      quoteId: quote.id,
      optionId: option.id,
      values,
      // One key per booking attempt: an unchanged booking re-sent (reload, back) replays the same order.
      submitted: {
        body,
        key: unchanged && previous?.submitted ? previous.submitted.key : newIdempotencyKey(),
      },
      orderId: unchanged ? previous?.orderId : undefined,
    });
    toast.success(messages.validated, FOR_NEXT_PAGE);
    navigate('/reviewOrder');
  };

  const onInvalid = (errors: unknown) => {
    toast.error(submitProblem(collectMessages(errors)));
  };

  return (
    <section className="container page booking">
      <Stepper current={1} />
      <header className="page-header">
        <h1>Book your Delivery</h1>
        <p className="muted">
          {option.courierService.name}, {route}. Every field is required unless it says optional.
        </p>
      </header>
      <div className="booking__layout">
        {/* First in the page, so on a phone the price is read before the Review button; beside the form on wide screens. */}
        <BookingSummary
          quote={quote}
          option={option}
          route={route}
          coverFee={coverFee}
          delivery={
            chosenDate === null
              ? { collectionDate: quote.collectionDate, estimatedDelivery: option.estimatedDelivery }
              : delivery.data?.collectionDate === chosenDate
                ? delivery.data
                : null
          }
        />
        <FormProvider {...methods}>
          <form
            className="booking__form stack"
            onSubmit={handleSubmit(onValid, onInvalid)}
            noValidate
            aria-label="Book your delivery"
          >
            <AddressFields
              prefix="collection"
              legend="Collection address"
              intro="Where the courier collects the parcel. Also the return address if it cannot be delivered."
              countryName={countryName('GB', reference)}
              saved={saved.collection}
              offerSave
              startFromDefault
            />
            <AddressFields
              prefix="delivery"
              legend="Delivery address"
              countryName={countryName(deliveryCountry, reference)}
              saved={saved.delivery}
              offerSave
            />
            <AdditionalInfo today={today} days={collectionDays} />
            <DropOffSection
              serviceId={option.courierService.id}
              handover={option.handover}
              labelMode={option.labelMode}
              parcelWeights={quote.request.parcels.map((p) => p.weight)}
              today={today}
            />
            <CoverChoice
              tiers={reference.coverTiers}
              coverCurrency={reference.coverCurrency}
              priceCurrency={option.price.currency}
            />
            {international ? (
              <>
                <CustomsSection reference={reference} />
                <BreakdownSection reference={reference} currency={option.price.currency} />
              </>
            ) : null}
            <TermsBox />
            <div className="row row--between booking__actions">
              <button type="button" className="button button--ghost" onClick={() => navigate(-1)}>
                Back
              </button>
              <button type="submit" className="button button--primary">
                Review order
              </button>
            </div>
          </form>
        </FormProvider>
      </div>
    </section>
  );
}

/**
 * An edited booking is a new order; the one created from the earlier version is cancelled if
 * it is still unpaid, so the dashboard does not fill up with abandoned duplicates. A paid one
 * is never touched (cancelling it would refund a real booking).
 */
async function discardUnpaidOrder(apiClient: ApiClient, orderId: string) {
  try {
    const order = await ordersApi.get(apiClient, orderId);
    if (order.status === 'awaiting_payment' && order.actions.cancel) {
      await ordersApi.cancel(apiClient, orderId, newIdempotencyKey(), 'Replaced by an edited booking');
    }
  } catch {
    // Best effort: an abandoned unpaid order is harmless and can be cancelled from the dashboard.
  }
}
