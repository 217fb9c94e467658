import { formatMoney } from '@consign/shared/money';
import { serviceTypeLabel } from '@consign/shared/services';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatLongDate } from '../../lib/format';
import { bookingApi, describeRoute } from '../../shared/api/booking';
import { describeError, isApiError } from '../../shared/api/client';
import { useReferenceData } from '../../shared/api/meta';
import {
  type CreateOrderRequest,
  type OrderDetail,
  orderKeys,
  ordersApi,
  withInProgressRetry,
} from '../../shared/api/orders';
import { useAuth } from '../../shared/auth/auth';
import { RequireSignIn } from '../../shared/auth/RequireSignIn';
import { type BookingDraft, loadDraft, updateDraft } from '../../shared/booking-form/draft';
import { Stepper } from '../../shared/booking-form/Stepper';
import { AddressColumns, CustomsSections, PriceBreakdown, Section } from '../../shared/orders/OrderParts';
import { bookingPath } from './BookingPage';
import '../../shared/booking-form/booking.css';

/** Step 2 of 3: everything entered, and the order the server priced from it. */
export function ReviewOrderPage() {
  usePageTitle('Confirm Order');
  return (
    <RequireSignIn what="your order">
      <Review />
    </RequireSignIn>
  );
}

type SubmittedDraft = BookingDraft & { submitted: NonNullable<BookingDraft['submitted']> };

function Review() {
  const [draft] = useState(loadDraft);
  const [params] = useSearchParams();
  const savedId = params.get('order');
  // The tab's draft when it is this booking's; otherwise (a reload in a new tab, storage off)
  // the order the server already holds, named in the address.
  if (draft?.submitted && (!savedId || !draft.orderId || draft.orderId === savedId)) {
    return <ReviewDraft draft={draft as SubmittedDraft} />;
  }
  if (savedId) return <ReviewSavedOrder id={savedId} />;
  return <NothingToReview />;
}

function NothingToReview() {
  return (
    <section className="container page narrow">
      <div className="card empty-state">
        <h1>There is no booking to review</h1>
        <p className="muted">Choose a courier and fill in the booking form first.</p>
        <Link to="/" className="button button--primary">
          Get a quote
        </Link>
      </div>
    </section>
  );
}

/** The body the order was created from, read back from the order itself. */
function bodyOf(order: OrderDetail): CreateOrderRequest {
  return {
    quoteOptionId: order.quoteOptionId ?? '',
    collectionAddress: order.collectionAddress,
    deliveryAddress: order.deliveryAddress,
    collectionDate: order.collectionDate,
    contents: order.contents,
    contentValue: order.contentValue,
    coverAmount: order.coverAmount,
    ...(order.notes ? { notes: order.notes } : {}),
    ...(order.customs ? { customs: order.customs } : {}),
    ...(order.items ? { items: order.items } : {}),
  } as CreateOrderRequest;
}

/** Review of an order that exists, loaded from the server: nothing is created again. */
function ReviewSavedOrder({ id }: { id: string }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => ordersApi.get(apiClient, id, signal),
  });
  if (saved.isPending) {
    return (
      <section className="container page narrow">
        <Spinner label="Loading your order" size="md" />
      </section>
    );
  }
  if (saved.isError) return <NothingToReview />;
  const order = saved.data;
  if (order.status !== 'awaiting_payment') {
    return (
      <section className="container page narrow">
        <div className="card empty-state">
          <h1>This order is no longer awaiting payment</h1>
          <p className="muted">Order {order.reference} is on your dashboard.</p>
          <Link to="/dashboard" className="button button--primary">
            Go to the dashboard
          </Link>
        </div>
      </section>
    );
  }
  const key = `order:${order.id}`;
  // The review's "create" query answers with the existing order and never runs.
  queryClient.setQueryData(['booking', 'order', key], order);
  const draft: SubmittedDraft = {
    version: 1,
    quoteId: '',
    optionId: order.quoteOptionId ?? '',
    values: undefined as unknown as BookingDraft['values'],
    submitted: { body: bodyOf(order), key },
    orderId: order.id,
  };
  return <ReviewDraft draft={draft} />;
}

function ReviewDraft({ draft }: { draft: SubmittedDraft }) {
  const navigate = useNavigate();
  const { apiClient } = useAuth();
  const reference = useReferenceData();
  const { body, key } = draft.submitted;

  const quote = useQuery({
    queryKey: ['quotes', draft.quoteId],
    queryFn: ({ signal }) => bookingApi.quote(draft.quoteId, signal),
    // A review loaded from its order has no quote id: the order names the service.
    enabled: draft.quoteId !== '',
  });
  // Creating the order is keyed by the draft's Idempotency-Key: a reload, a remount or a second
  // visit replays the same order instead of booking twice.
  const order = useQuery({
    queryKey: ['booking', 'order', key],
    queryFn: async () => {
      const created = await withInProgressRetry(() => ordersApi.create(apiClient, body, key));
      updateDraft({ orderId: created.id });
      return created;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const option = quote.data?.options.find((o) => o.id === draft.optionId);
  const [params] = useSearchParams();
  const createdId = order.data?.id;
  // Set by Edit: the form renders in a transition, during which this page is still mounted.
  const leaving = useRef(false);
  // Name the order in the address once it exists, so a reload can always find it; not once the
  // person has chosen to leave, as that navigation would undo theirs (seen under load).
  useEffect(() => {
    if (createdId && !leaving.current && params.get('order') !== createdId) {
      navigate(`/reviewOrder?order=${encodeURIComponent(createdId)}`, { replace: true });
    }
  }, [createdId, params, navigate]);
  const currency = order.data?.price.currency ?? option?.price.currency ?? 'GBP';
  const edit = () => {
    leaving.current = true;
    navigate(bookingPath(draft.quoteId, draft.optionId));
  };
  const international = Boolean(body.items?.length || body.customs);

  return (
    <section className="container page booking">
      <Stepper current={2} />
      <header className="page-header">
        <h1>Confirm Order</h1>
        <p className="muted">
          Check the details below. Your price is confirmed by Consign, not taken from this page.
        </p>
      </header>
      <div className="booking__layout">
        <div className="stack">
          <div className="card stack">
            <Section title="Chosen service">
              {option || order.data ? (
                <dl className="meta-list">
                  <dt>Courier</dt>
                  <dd>
                    {option?.courierService.name ?? order.data?.serviceName}{' '}
                    <span className="muted">by {option?.vendor.name ?? order.data?.vendor.name}</span>
                  </dd>
                  <dt>Service</dt>
                  <dd>{serviceTypeLabel(option?.serviceType ?? order.data?.serviceType ?? 'domestic')}</dd>
                  {quote.data ? (
                    <>
                      <dt>Route</dt>
                      <dd>{describeRoute(quote.data.request, reference.data)}</dd>
                    </>
                  ) : null}
                  <dt>Collection date</dt>
                  <dd>{formatLongDate(body.collectionDate)}</dd>
                  <dt>Estimated delivery</dt>
                  {/* The order's own date, worked out from its collection date by the server. */}
                  <dd>
                    {order.data ? (
                      formatLongDate(order.data.estimatedDelivery)
                    ) : (
                      <span className="muted">Working it out…</span>
                    )}
                  </dd>
                </dl>
              ) : quote.isPending ? (
                <Spinner label="Loading the service" />
              ) : (
                <p className="muted">The service details are not available.</p>
              )}
            </Section>
            <AddressColumns
              titles={['Collection address', 'Delivery address']}
              collection={body.collectionAddress}
              delivery={body.deliveryAddress}
              reference={reference.data}
            />
            <Section title="Additional information">
              <dl className="meta-list">
                <dt>Package content</dt>
                <dd>{body.contents}</dd>
                <dt>Content value</dt>
                <dd>{formatMoney(body.contentValue, currency)}</dd>
                <dt>Extended cover</dt>
                <dd>
                  {body.coverAmount > 0
                    ? `Up to ${formatMoney(body.coverAmount, 'GBP')}`
                    : 'No extended cover'}
                </dd>
                {body.notes ? (
                  <>
                    <dt>Courier notes</dt>
                    <dd>{body.notes}</dd>
                  </>
                ) : null}
              </dl>
            </Section>
            {international ? (
              <CustomsSections
                customs={body.customs}
                items={body.items}
                currency={currency}
                reference={reference.data}
                titles={['Customs details', 'Breakdown of contents']}
              />
            ) : null}
          </div>
        </div>
        <aside className="card booking-summary stack" aria-labelledby="review-price-title">
          <h2 id="review-price-title" className="booking-summary__title">
            Your price
          </h2>
          {order.isPending ? (
            <div className="page-state page-state--compact">
              <Spinner label="Pricing your order" size="md" />
            </div>
          ) : order.isError ? (
            <OrderError error={order.error} onEdit={edit} onRetry={() => void order.refetch()} />
          ) : (
            <>
              <p className="muted">
                Order <strong>{order.data.reference}</strong>, awaiting payment.
              </p>
              <PriceBreakdown price={order.data.price} coverAmount={order.data.coverAmount} />
            </>
          )}
          <div className="stack">
            <button
              type="button"
              className="button button--primary button--block"
              disabled={!order.isSuccess}
              onClick={() => order.data && navigate(`/payment?order=${encodeURIComponent(order.data.id)}`)}
            >
              Confirm and pay
            </button>
            {draft.quoteId ? (
              <button type="button" className="button button--ghost button--block" onClick={edit}>
                Edit
              </button>
            ) : null}
          </div>
        </aside>
      </div>
    </section>
  );
}

function OrderError({ error, onEdit, onRetry }: { error: unknown; onEdit: () => void; onRetry: () => void }) {
  if (isApiError(error, 409) && error.code === 'quote_expired') {
    return (
      <div className="alert alert--error stack" role="alert">
        <p>{error.problem.detail ?? 'This quote has expired; please get a new quote'}</p>
        <Link to="/" className="button button--primary">
          Get a new quote
        </Link>
      </div>
    );
  }
  if (isApiError(error, 409) && error.code === 'service_unavailable') {
    return (
      <div className="alert alert--error stack" role="alert">
        <p>{error.problem.detail}</p>
        <Link to="/" className="button button--primary">
          Get a new quote
        </Link>
      </div>
    );
  }
  if (isApiError(error, 422)) {
    const fields = error.problem.errors ?? [];
    return (
      <div className="alert alert--error stack" role="alert">
        <p>Please check your booking:</p>
        <ul>
          {fields.length ? (
            fields.map((f) => <li key={`${f.path}-${f.message}`}>{f.message}</li>)
          ) : (
            <li>{describeError(error)}</li>
          )}
        </ul>
        <button type="button" className="button button--secondary" onClick={onEdit}>
          Edit booking
        </button>
      </div>
    );
  }
  return (
    <div className="alert alert--error stack" role="alert">
      <p>
        <strong>Something Went Wrong</strong>
      </p>
      <p>{describeError(error)}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
