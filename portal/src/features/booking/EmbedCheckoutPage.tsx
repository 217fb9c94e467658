import { bookingCompleted, checkoutHello } from '@consign/shared/checkout-messages';
import { formatMoney } from '@consign/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { describeError } from '../../app/api';
import { useAuth } from '../../app/auth';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { newIdempotencyKey, type OrderDetail, orderKeys, ordersApi } from '../../shared/api/orders';
import { RequireSignIn } from '../../shared/auth/RequireSignIn';
import { PaymentPanel, type PaymentTarget } from '../../shared/payment/PaymentPanel';
import { BookingPage } from './BookingPage';
import { parentOrigin, rememberParentOrigin, tellParent } from './embedParent';

/**
 * `/embed/checkout`, inside the widget's modal on a partner page (the API lets only the
 * partner's allowed origins frame it). With `?quote&option` it is the portal's own booking form,
 * sign-in included; the order booked through a partner comes back here after payment approval
 * (`?order&approved=1`, see the orders service), where the payment is captured and the partner
 * page is told `booking:completed`.
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
  return (
    <RequireSignIn what="your payment">
      <EmbedPayment orderId={orderId} approved={params.get('approved') === '1'} />
    </RequireSignIn>
  );
}

function EmbedPayment({ orderId, approved }: { orderId: string; approved: boolean }) {
  const { apiClient } = useAuth();
  const [, setBusy] = useState(false);
  const [paid, setPaid] = useState<OrderDetail | null>(null);
  const order = useQuery({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => ordersApi.get(apiClient, orderId, signal),
  });
  const onPaid = useCallback((result: OrderDetail) => {
    setPaid(result);
    tellParent(
      bookingCompleted({
        orderId: result.id,
        reference: result.reference,
        total: result.price.total,
        currency: result.price.currency,
      }),
    );
  }, []);

  if (paid) {
    return (
      <section className="page-state" role="status">
        <h1>Booked</h1>
        <p>
          Order {paid.reference} is paid ({formatMoney(paid.price.total, paid.price.currency)}). We have
          emailed you the details; your label is on your Consign dashboard.
        </p>
      </section>
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
    capture: () => ordersApi.capture(apiClient, o.id, newIdempotencyKey()),
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
