import {
  type BookedOrder,
  type BookingCompletedDetail,
  bookingCompleted,
  checkoutHello,
  paymentApproved,
} from '@consign/shared/checkout-messages';
import { formatMoney } from '@consign/shared/money';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { type ApiClient, describeError, publicClient, unwrap } from '../../shared/api/client';
import { bookedOrderOf, orderViewApi, orderViewPath, placeName } from '../../shared/api/order-view';
import { newIdempotencyKey, type OrderDetail, orderKeys, ordersApi } from '../../shared/api/orders';
import { useAuth } from '../../shared/auth/auth';
import { RequireSignIn } from '../../shared/auth/RequireSignIn';
import { parentOrigin, rememberParentOrigin, tellParent } from '../../shared/embed/embedParent';
import { PaymentPanel, type PaymentTarget } from '../../shared/payment/PaymentPanel';
import { BookingPage } from './BookingPage';

/**
 * `/embed/checkout`, inside the widget's modal on a partner page (the API lets only the
 * partner's allowed origins frame it). With `?quote&option` it is the portal's own booking form,
 * sign-in included; the order booked through a partner comes back here after payment approval
 * (`?order&approved=1&token=`, see the orders service), where the payment is captured and the
 * partner page is told `booking:completed`.
 *
 * The return needs no session: on a cross-site partner page the frame's session does not survive
 * the trip to the provider (its cookie is not sent there), and the shopper must not be asked to
 * sign in again to finish what they approved. The provider's token authenticates the capture
 * (POST /payments/return); see docs/widget.md, "Payment and the shopper's session".
 */
export function EmbedCheckoutPage() {
  usePageTitle('Book with Consign');
  const [params] = useSearchParams();
  const orderId = params.get('order');
  useEffect(() => {
    rememberParentOrigin(params.get('origin'));
    tellParent(checkoutHello());
  }, [params]);

  if (!orderId) return <BookingPage />;
  const token = params.get('token');
  if (params.get('approved') === '1' && token) return <EmbedReturn orderId={orderId} token={token} />;
  return (
    <RequireSignIn what="your payment">
      <EmbedPayment orderId={orderId} approved={params.get('approved') === '1'} />
    </RequireSignIn>
  );
}

function EmbedPayment({ orderId, approved }: { orderId: string; approved: boolean }) {
  const { apiClient } = useAuth();
  const [, setBusy] = useState(false);
  const [paid, setPaid] = useState<{ order: OrderDetail; booked?: BookedOrder } | null>(null);
  const order = useQuery({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => ordersApi.get(apiClient, orderId, signal),
  });
  const onPaid = useCallback(
    async (result: OrderDetail) => {
      const detail = {
        orderId: result.id,
        reference: result.reference,
        total: result.price.total,
        currency: result.price.currency,
      };
      const booked = await signedLinkOf(apiClient, result);
      setPaid({ order: result, booked });
      tellParent(bookingCompleted(detail, booked));
    },
    [apiClient],
  );

  if (paid) {
    return (
      <Booked
        booked={{
          orderId: paid.order.id,
          reference: paid.order.reference,
          total: paid.order.price.total,
          currency: paid.order.price.currency,
        }}
        token={paid.booked?.token}
      />
    );
  }
  if (order.isPending) {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Loading your payment" />
      </div>
    );
  }
  if (order.isError) return <p className="alert alert--error">{describeError(order.error)}</p>;
  const o = order.data;
  const target: PaymentTarget<OrderDetail> = {
    kind: 'order',
    id: o.id,
    currency: o.price.currency,
    start: () => ordersApi.startPayment(apiClient, o.id, newIdempotencyKey()),
    capture: () => {
      // Only ever called once the shopper approved (PayPal's buttons, or back with approved=1).
      tellParent(paymentApproved(o.id));
      return ordersApi.capture(apiClient, o.id, newIdempotencyKey());
    },
    stillAwaiting: (result) => result.status === 'awaiting_payment',
    onPaid,
  };
  return (
    <section className="stack">
      <h1>
        Pay for order {o.reference}: {formatMoney(o.price.total, o.price.currency)}
      </h1>
      {parentOrigin() ? null : <p className="muted">Opened outside the partner&apos;s page.</p>}
      <PaymentPanel target={target} approved={approved} onBusyChange={setBusy} />
    </section>
  );
}

/**
 * The shopper's signed link to the order they just paid for (a new tab from the partner's page
 * has no session), with the order in a few words for the widget's "Booked" state. Without one
 * (the API could not be asked) the widget still shows the booking, with no link.
 */
async function signedLinkOf(client: ApiClient, order: OrderDetail): Promise<BookedOrder | undefined> {
  try {
    const { token } = await ordersApi.viewLink(client, order.id);
    return {
      token,
      summary: {
        serviceName: order.serviceName,
        vendorName: order.vendor.name,
        collectionDate: order.collectionDate,
        from: placeName(order.collectionAddress),
        to: placeName(order.deliveryAddress),
      },
    };
  } catch {
    return undefined;
  }
}

/** The summary of the order the return's signed link opens; the link alone if it cannot be read. */
async function summaryOf(token: string): Promise<BookedOrder> {
  try {
    return bookedOrderOf(token, await orderViewApi.get(token));
  } catch {
    return { token };
  }
}

/** Where the shopper sees the order on Consign: a new tab, outside the partner's page. */
const orderLink = (orderId: string, token: string | undefined) =>
  token ? orderViewPath(token) : `/booking-confirmation?order=${encodeURIComponent(orderId)}`;

function Booked({ booked, token }: { booked: BookingCompletedDetail; token?: string | undefined }) {
  return (
    <section className="page-state stack" role="status">
      <h1>Booked</h1>
      <p>
        Order {booked.reference} is paid ({formatMoney(booked.total, booked.currency)}). We have emailed you
        the details.
      </p>
      <p>
        <a href={orderLink(booked.orderId, token)} target="_blank" rel="noopener">
          View order {booked.reference} on Consign
        </a>
      </p>
    </section>
  );
}

/**
 * Back from the provider with its token: the partner page hears at once that the payment was
 * approved (closing the checkout now is not a cancellation), then the payment is captured
 * without any session and the page hears `booking:completed`.
 */
function EmbedReturn({ orderId, token }: { orderId: string; token: string }) {
  const capture = useMutation({
    mutationFn: async () => unwrap(await publicClient.POST('/api/v1/payments/return', { body: { token } })),
    onSuccess: async (result) => {
      if (result.state === 'captured' && result.id === orderId) {
        const detail = {
          orderId: result.id,
          reference: result.reference,
          total: result.amount,
          currency: result.currency,
        };
        tellParent(
          bookingCompleted(detail, result.orderView ? await summaryOf(result.orderView.token) : undefined),
        );
      }
    },
  });
  const started = useRef(false);
  useEffect(() => {
    // Once per load, StrictMode's second effect included; the server captures once anyway.
    if (started.current) return;
    started.current = true;
    tellParent(paymentApproved(orderId));
    capture.mutate();
  }, [orderId, capture.mutate]);

  const result = capture.data;
  if (result && result.id !== orderId) {
    return <p className="alert alert--error">This payment belongs to another order.</p>;
  }
  if (result?.state === 'captured') {
    return (
      <Booked
        booked={{
          orderId: result.id,
          reference: result.reference,
          total: result.amount,
          currency: result.currency,
        }}
        token={result.orderView?.token}
      />
    );
  }
  if (result?.state === 'pending') {
    return (
      <section className="page-state stack" role="status">
        <h1>Payment under review</h1>
        <p>
          The payment provider is reviewing order {result.reference}. We will email you as soon as it is paid;
          you can close this window.
        </p>
      </section>
    );
  }
  if (capture.isError) {
    return (
      <section className="page-state stack">
        <p className="alert alert--error" role="alert">
          {describeError(capture.error)}
        </p>
        <button type="button" className="button button--primary" onClick={() => capture.mutate()}>
          Try again
        </button>
      </section>
    );
  }
  return (
    <div className="page-state">
      <Spinner size="lg" label="Taking your payment" />
    </div>
  );
}
