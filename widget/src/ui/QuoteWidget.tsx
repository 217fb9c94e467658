import type { BookedOrder, CheckoutMessage } from '@consign/shared/checkout-messages';
import { NOT_ENOUGH_ORDERS, recordBasis, recordParts } from '@consign/shared/courier-record';
import { HANDOVER_LABELS, LABEL_MODE_LABELS } from '@consign/shared/handover';
import { formatMoney } from '@consign/shared/money';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Quote, QuoteOption, QuoteRequest, ReferenceData, WidgetApi } from '../api';
import { WidgetApiError } from '../api';
import type { ConsignEventMap, KeyMode, ServiceType } from '../events';

export interface QuoteDefaults {
  serviceType?: ServiceType;
  from?: string;
  to?: string;
  fromPostcode?: string;
  toPostcode?: string;
  parcels?: { length: number; width: number; height: number; weight: number }[];
}

export type Emit = <E extends keyof ConsignEventMap>(event: E, detail: ConsignEventMap[E]) => void;

export interface QuoteWidgetProps {
  mode: KeyMode;
  consignOrigin: string;
  api: WidgetApi;
  defaults: QuoteDefaults;
  emit: Emit;
  /** The checkout page for one option, on the Consign origin. */
  checkoutUrl: (quoteId: string, optionId: string) => string;
  /** Subscribes to checkout messages already checked for their exact origin. */
  onCheckoutMessage: (handler: (message: CheckoutMessage) => void) => () => void;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'results'; quote: Quote }
  | { kind: 'error'; message: string }
  /** Consign refused the key or this page's origin, or cannot be reached: nothing to offer. */
  | { kind: 'unavailable' };

/** The partner event's detail, plus what only the shopper sees: the signed link and the summary. */
export type Booked = ConsignEventMap['booking:completed'] & { order?: BookedOrder };

/**
 * The checkout under way. `approved`: the shopper approved the payment, so Consign takes it
 * whatever happens to the modal; `hidden`: closed after approval, the frame stays (unseen) until
 * it reports the capture.
 */
type Booking = {
  quoteId: string;
  optionId: string;
  approved?: boolean;
  hidden?: boolean;
  booked?: Booked;
} | null;

type Parcel = { length: string; width: string; height: string; weight: string };
const toField = (p: QuoteDefaults['parcels'] extends (infer P)[] | undefined ? P : never): Parcel => ({
  length: String(p.length),
  width: String(p.width),
  height: String(p.height),
  weight: String(p.weight),
});
const EMPTY_PARCEL: Parcel = { length: '', width: '', height: '', weight: '' };

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T12:00:00Z`));

/** The quote form, its results and the checkout modal; state lives here, drawing in QuoteView. */
export function QuoteWidget(props: QuoteWidgetProps) {
  const { api, emit, defaults } = props;
  const [reference, setReference] = useState<ReferenceData | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [booking, setBooking] = useState<Booking>(null);
  const [form, setForm] = useState<FormState>(() => ({
    serviceType: defaults.serviceType ?? 'domestic',
    from: defaults.from ?? 'England',
    to: defaults.to ?? 'England',
    fromPostcode: defaults.fromPostcode ?? '',
    toPostcode: defaults.toPostcode ?? '',
    parcels: defaults.parcels?.length ? defaults.parcels.map(toField) : [{ ...EMPTY_PARCEL }],
  }));

  useEffect(() => {
    let live = true;
    api.referenceData().then(
      (data) => {
        if (!live) return;
        setReference(data);
        // Ready only once Consign has accepted the key on this page: a refused key fires error instead.
        emit('ready', { mode: props.mode });
      },
      (err: unknown) => {
        if (!live) return;
        const message = err instanceof WidgetApiError ? err.message : 'Consign could not be reached.';
        setStatus({ kind: 'unavailable' });
        emit('error', { code: err instanceof WidgetApiError ? err.code : 'network', message });
      },
    );
    return () => {
      live = false;
    };
  }, [api, emit, props.mode]);

  const [booked, setBooked] = useState<Booked | null>(null);
  const bookingRef = useRef(booking);
  bookingRef.current = booking;
  const closeRef = useRef(() => {});
  closeRef.current = closeBooking;
  useEffect(
    () =>
      props.onCheckoutMessage((message) => {
        const current = bookingRef.current;
        if (!current) return;
        if (message.type === 'payment:approved') {
          setBooking({ ...current, approved: true });
        } else if (message.type === 'booking:completed') {
          if (current.booked) return;
          const done: Booked = message.order ? { ...message.detail, order: message.order } : message.detail;
          setBooked(done);
          // Closed after approval: the frame's work is done, so it goes; open: it shows the booking.
          setBooking(current.hidden ? null : { ...current, approved: true, booked: done });
          // Partner handlers get the booking's four fields only, never the shopper's link.
          emit('booking:completed', message.detail);
        } else if (message.type === 'booking:cancelled' && !current.approved) {
          setBooking(null);
          emit('booking:cancelled', { quoteId: current.quoteId, optionId: current.optionId });
        } else if (message.type === 'checkout:escape') {
          closeRef.current();
        }
      }),
    [props.onCheckoutMessage, emit],
  );

  async function submit(request: QuoteRequest) {
    setBooked(null);
    setStatus({ kind: 'loading' });
    emit('quote:requested', { serviceType: request.serviceType, parcels: request.parcels.length });
    try {
      const quote = await api.quote(request);
      setStatus({ kind: 'results', quote });
      emit('quote:results', { quoteId: quote.id, options: quote.options.length, expiresAt: quote.expiresAt });
    } catch (err) {
      const message = err instanceof WidgetApiError ? err.message : 'Something went wrong; please try again.';
      setStatus(
        err instanceof WidgetApiError && err.refused ? { kind: 'unavailable' } : { kind: 'error', message },
      );
      emit('error', { code: err instanceof WidgetApiError ? err.code : 'unknown', message });
    }
  }

  function book(quote: Quote, option: QuoteOption) {
    setBooking({ quoteId: quote.id, optionId: option.id });
    emit('booking:started', { quoteId: quote.id, optionId: option.id });
  }

  function closeBooking() {
    const current = booking;
    if (!current) return;
    if (current.approved && !current.booked) {
      // Approved is not cancelled: the payment is being taken; booking:completed follows.
      setBooking({ ...current, hidden: true });
      return;
    }
    setBooking(null);
    if (!current.booked) emit('booking:cancelled', { quoteId: current.quoteId, optionId: current.optionId });
  }

  return (
    <QuoteView
      mode={props.mode}
      consignOrigin={props.consignOrigin}
      reference={reference}
      form={form}
      onFormChange={setForm}
      onSubmit={submit}
      status={status}
      booked={booked}
      onBook={book}
      booking={booking ? { ...booking, url: props.checkoutUrl(booking.quoteId, booking.optionId) } : null}
      onCloseBooking={closeBooking}
    />
  );
}

export type FormState = {
  serviceType: ServiceType;
  from: string;
  to: string;
  fromPostcode: string;
  toPostcode: string;
  parcels: Parcel[];
};

export interface QuoteViewProps {
  mode: KeyMode;
  consignOrigin: string;
  reference: ReferenceData | null;
  form: FormState;
  /** Takes an update function: several inputs may change before the next render. */
  onFormChange: (update: (form: FormState) => FormState) => void;
  onSubmit: (request: QuoteRequest) => void;
  status: Status;
  /** The booking completed most recently, shown under the results once its modal is closed. */
  booked?: Booked | null;
  onBook: (quote: Quote, option: QuoteOption) => void;
  booking: (NonNullable<Booking> & { url: string }) | null;
  onCloseBooking: () => void;
}

type Sort = 'price' | 'delivery' | 'rating';

/** Pure drawing of every state (empty, loading, results, no results, error, booking, booked). */
export function QuoteView(props: QuoteViewProps) {
  const { form, reference, status } = props;
  const [sort, setSort] = useState<Sort>('price');
  const [invalid, setInvalid] = useState<string | null>(null);
  const set = (patch: Partial<FormState>) => props.onFormChange((f) => ({ ...f, ...patch }));
  const setParcel = (index: number, patch: Partial<Parcel>) =>
    props.onFormChange((f) => ({
      ...f,
      parcels: f.parcels.map((p, i) => (i === index ? { ...p, ...patch } : p)),
    }));

  function submit(event: Event) {
    event.preventDefault();
    const parcels = form.parcels.map((p) => ({
      length: Number(p.length),
      width: Number(p.width),
      height: Number(p.height),
      weight: Number(p.weight),
    }));
    if (parcels.some((p) => Object.values(p).some((v) => !(v > 0)))) {
      setInvalid('Enter the length, width, height (cm) and weight (kg) of each parcel, all above zero.');
      return;
    }
    if (form.serviceType === 'same_day' && (!form.fromPostcode.trim() || !form.toPostcode.trim())) {
      setInvalid('Enter the collection and delivery postcodes.');
      return;
    }
    setInvalid(null);
    const request =
      form.serviceType === 'domestic'
        ? { serviceType: 'domestic' as const, from: form.from, to: form.to, parcels }
        : form.serviceType === 'international'
          ? { serviceType: 'international' as const, from: 'GB' as const, to: form.to, parcels }
          : {
              serviceType: 'same_day' as const,
              fromPostcode: form.fromPostcode,
              toPostcode: form.toPostcode,
              parcels,
            };
    props.onSubmit(request as QuoteRequest);
  }

  const nations = reference?.ukNations ?? [];
  const countries = reference?.internationalDestinations ?? [];
  const busy = status.kind === 'loading';
  const head = (
    <header class="head">
      <h2 id="consign-title" class="title" tabIndex={-1}>
        Get a courier quote
      </h2>
      {props.mode === 'test' && (
        <span class="badge" title="Quotes and bookings made here are not real">
          Test mode
        </span>
      )}
    </header>
  );
  const foot = (
    <p class="foot">
      Quotes by{' '}
      <a href={props.consignOrigin} target="_blank" rel="noopener noreferrer">
        Consign
      </a>
    </p>
  );

  // The why (a refused key or origin, Consign unreachable) is for the partner's developers: the
  // console and the error event say it. The shopper is only told there is nothing here.
  if (status.kind === 'unavailable') {
    return (
      <section class="panel" aria-labelledby="consign-title">
        {head}
        <p class="muted" role="status">
          Quotes are unavailable.
        </p>
        {foot}
      </section>
    );
  }

  return (
    <section class="panel" aria-labelledby="consign-title">
      {head}
      <form class="form" onSubmit={submit} noValidate aria-busy={busy}>
        <label class="field">
          <span>Service</span>
          <select
            value={form.serviceType}
            onChange={(e) => {
              const serviceType = e.currentTarget.value as ServiceType;
              set({
                serviceType,
                to: serviceType === 'international' ? (reference?.defaultDestination ?? 'FR') : 'England',
              });
            }}
          >
            <option value="domestic">UK to UK</option>
            <option value="international">International</option>
            <option value="same_day">Same Day</option>
          </select>
        </label>
        {form.serviceType === 'same_day' ? (
          <div class="row">
            <label class="field">
              <span>Collection postcode</span>
              <input
                value={form.fromPostcode}
                autoComplete="postal-code"
                onInput={(e) => set({ fromPostcode: e.currentTarget.value })}
              />
            </label>
            <label class="field">
              <span>Delivery postcode</span>
              <input value={form.toPostcode} onInput={(e) => set({ toPostcode: e.currentTarget.value })} />
            </label>
          </div>
        ) : (
          <div class="row">
            <label class="field">
              <span>From</span>
              {form.serviceType === 'international' ? (
                <select disabled>
                  <option>United Kingdom</option>
                </select>
              ) : (
                <select value={form.from} onChange={(e) => set({ from: e.currentTarget.value })}>
                  {nations.map((n) => (
                    <option key={n.value} value={n.value}>
                      {n.label}
                    </option>
                  ))}
                </select>
              )}
            </label>
            <label class="field">
              <span>To</span>
              <select value={form.to} onChange={(e) => set({ to: e.currentTarget.value })}>
                {(form.serviceType === 'international'
                  ? countries.map((c) => ({ value: c.code, label: c.name }))
                  : nations
                ).map((n) => (
                  <option key={n.value} value={n.value}>
                    {n.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
        {form.parcels.map((parcel, index) => (
          <fieldset class="parcel" key={index}>
            <legend>Parcel {index + 1}</legend>
            {(['length', 'width', 'height', 'weight'] as const).map((dim) => (
              <label class="field field--small" key={dim}>
                <span>
                  {dim[0]!.toUpperCase() + dim.slice(1)} ({dim === 'weight' ? 'kg' : 'cm'})
                </span>
                <input
                  inputMode="decimal"
                  value={parcel[dim]}
                  onInput={(e) => setParcel(index, { [dim]: e.currentTarget.value })}
                />
              </label>
            ))}
            {form.parcels.length > 1 && (
              <button
                type="button"
                class="link"
                onClick={() => set({ parcels: form.parcels.filter((_, i) => i !== index) })}
              >
                Remove parcel {index + 1}
              </button>
            )}
          </fieldset>
        ))}
        <div class="actions">
          <button
            type="button"
            class="button"
            onClick={() => set({ parcels: [...form.parcels, { ...EMPTY_PARCEL }] })}
          >
            Add a parcel
          </button>
          <button type="submit" class="button button--primary" disabled={busy}>
            {busy ? 'Getting quotes…' : 'Get quotes'}
          </button>
        </div>
        {invalid && (
          <p class="alert" role="alert">
            {invalid}
          </p>
        )}
      </form>
      <div aria-live="polite">
        {status.kind === 'idle' && <p class="muted">Compare prices from UK couriers for your parcel.</p>}
        {status.kind === 'loading' && (
          <p class="muted" role="status">
            Comparing couriers…
          </p>
        )}
        {status.kind === 'error' && (
          <p class="alert" role="alert">
            {status.message}
          </p>
        )}
        {status.kind === 'results' &&
          (status.quote.options.length === 0 ? (
            <p class="muted">
              No courier can carry this parcel on this route. Try other sizes or a different service.
            </p>
          ) : (
            <Results quote={status.quote} sort={sort} onSort={setSort} onBook={props.onBook} />
          ))}
        {props.booked && !props.booking && (
          <div class="booked-note" role="status">
            <BookedSummary consignOrigin={props.consignOrigin} booked={props.booked} />
          </div>
        )}
      </div>
      {foot}
      {props.booking && (
        <CheckoutModal
          booking={props.booking}
          consignOrigin={props.consignOrigin}
          onClose={props.onCloseBooking}
        />
      )}
    </section>
  );
}

function Results(props: {
  quote: Quote;
  sort: Sort;
  onSort: (s: Sort) => void;
  onBook: QuoteViewProps['onBook'];
}) {
  const options = [...props.quote.options].sort((a, b) =>
    props.sort === 'price'
      ? a.price.total - b.price.total
      : props.sort === 'rating'
        ? // Highest average first, those too new for one after, then more reviews, then price.
          (b.rating.average ?? -1) - (a.rating.average ?? -1) ||
          b.rating.count - a.rating.count ||
          a.price.total - b.price.total
        : a.estimatedDelivery.localeCompare(b.estimatedDelivery) || a.price.total - b.price.total,
  );
  return (
    <div>
      <label class="field field--inline">
        <span>Sort by</span>
        <select value={props.sort} onChange={(e) => props.onSort(e.currentTarget.value as Sort)}>
          <option value="price">Price</option>
          <option value="delivery">Delivery date</option>
          <option value="rating">Rating</option>
        </select>
      </label>
      <ul class="results">
        {options.map((option) => (
          <li class="result" key={option.id}>
            <div class="result-info">
              <strong>{option.courierService.name}</strong> <span class="muted">by {option.vendor.name}</span>
              <div class="badges">
                {option.badges.map((badge) => (
                  <span class="chip" key={badge}>
                    {badge === 'cheapest' ? 'Cheapest' : 'Fastest'}
                  </span>
                ))}
              </div>
              <div class="small" data-testid="scores">
                {scoresLine(option)}
              </div>
              <div class="small" data-testid="record">
                {recordLine(option)}
              </div>
              <div class="small" data-testid="handover">
                {option.serviceType === 'same_day'
                  ? HANDOVER_LABELS.collection
                  : HANDOVER_LABELS[option.handover]}{' '}
                · {LABEL_MODE_LABELS[option.labelMode]}
              </div>
              <div class="muted small">
                Delivery by {day(option.estimatedDelivery)} · chargeable {option.chargeableWeightKg} kg
                {option.billedBy === 'volumetric' ? ' (by volume)' : ''}
              </div>
            </div>
            <div class="result-buy">
              <div class="price">
                <strong>{formatMoney(option.price.total, option.price.currency)}</strong>
                <span class="muted small">
                  {option.price.vat > 0
                    ? `incl. ${formatMoney(option.price.vat, option.price.currency)} VAT`
                    : 'no VAT'}
                </span>
              </div>
              <button
                type="button"
                class="button button--primary"
                onClick={() => props.onBook(props.quote, option)}
                aria-label={`Book ${option.courierService.name} for ${formatMoney(option.price.total, option.price.currency)}`}
              >
                Book
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The measured rating and on-time share; "New" below 3 reviews, no on-time claim below 5 deliveries. */
function scoresLine(option: Quote['options'][number]): string {
  const { rating, onTime } = option;
  const reviews = `${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
  const stars = rating.average === null ? `New (${reviews})` : `★ ${rating.average.toFixed(1)} (${reviews})`;
  return onTime.share === null ? stars : `${stars} · ${Math.round(onTime.share * 100)}% on time`;
}

/** The courier's adjustments and claims, in the portal's words (@consign/shared/courier-record). */
function recordLine(option: Quote['options'][number]): string {
  const parts = recordParts(option.record);
  return parts ? `${parts.join(' · ')} (${recordBasis(option.record)})` : NOT_ENOUGH_ORDERS;
}

/**
 * The checkout dialog keeps keyboard focus inside itself: two focusable sentinels around the
 * content send Tab and Shift+Tab back in (a keydown handler could not see Tab pressed inside
 * the cross-origin checkout frame). On close, focus returns to the Book button that opened it.
 */
function CheckoutModal(props: {
  booking: NonNullable<QuoteViewProps['booking']>;
  consignOrigin: string;
  onClose: () => void;
}) {
  const close = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLIFrameElement & HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const hidden = Boolean(props.booking.hidden);
  useEffect(() => {
    const root = close.current?.getRootNode() as Document | ShadowRoot | undefined;
    opener.current = root?.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => {
      if (opener.current?.isConnected) opener.current.focus();
    };
  }, []);
  // Closed after approval, the dialog only hides (its frame finishes the payment): focus goes back.
  useEffect(() => {
    if (hidden && opener.current?.isConnected) opener.current.focus();
  }, [hidden]);
  const booked = props.booking.booked;
  return (
    <div
      class="overlay"
      hidden={hidden}
      role="dialog"
      aria-modal="true"
      aria-label="Book with Consign"
      onKeyDown={(e) => e.key === 'Escape' && props.onClose()}
    >
      <span class="focus-sentinel" tabIndex={0} onFocus={() => (content.current ?? close.current)?.focus()} />
      <div class="modal">
        <div class="modal-head">
          <strong>
            {booked ? 'Booked' : props.booking.approved ? 'Payment approved' : 'Book with Consign'}
          </strong>
          <button type="button" class="button" ref={close} onClick={props.onClose}>
            Close
          </button>
        </div>
        {booked ? (
          <div class="booked" role="status" tabIndex={-1} ref={content}>
            <BookedSummary consignOrigin={props.consignOrigin} booked={booked} />
          </div>
        ) : (
          <iframe
            class="checkout"
            title="Consign checkout"
            src={props.booking.url}
            allow="payment"
            ref={content}
          />
        )}
      </div>
      <span class="focus-sentinel" tabIndex={0} onFocus={() => close.current?.focus()} />
    </div>
  );
}

/**
 * The booked order as the shopper needs it on the partner's page: reference, courier and
 * service, collection day, towns, price paid, and the signed link to its confirmation and label
 * on Consign (a new tab, no account needed). Without a link (an older checkout, or Consign could
 * not make one) the email is where the details are.
 */
export function BookedSummary(props: { consignOrigin: string; booked: Booked }) {
  const { booked } = props;
  const summary = booked.order?.summary;
  const token = booked.order?.token;
  return (
    <>
      <p>
        Order <strong>{booked.reference}</strong> is booked and paid. Consign has emailed the details.
      </p>
      <dl class="summary">
        {summary && (
          <>
            <dt>Courier</dt>
            <dd>
              {summary.serviceName} by {summary.vendorName}
            </dd>
            <dt>Collection</dt>
            <dd>{day(summary.collectionDate)}</dd>
            <dt>From</dt>
            <dd>{summary.from}</dd>
            <dt>To</dt>
            <dd>{summary.to}</dd>
          </>
        )}
        <dt>Paid</dt>
        <dd>{formatMoney(booked.total, booked.currency)}</dd>
      </dl>
      {token && (
        <p>
          <a
            href={`${props.consignOrigin}/order-view?${new URLSearchParams({ token })}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            View order {booked.reference} and its label on Consign
          </a>
        </p>
      )}
    </>
  );
}
