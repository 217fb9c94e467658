import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describeError } from '../../app/api';
import { useAuth } from '../../app/auth';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { useReferenceData } from '../booking/api';
import { RequireSignIn } from '../booking/RequireSignIn';
import { type OrderDetail, orderKeys, ordersApi } from './api';
import { useDocumentDownload } from './download';
import { formatLongDate, serviceTypeLabel } from './format';
import { AddressBlock, CustomsDetails, ItemsTable, Section } from './OrderParts';
import './orders.css';

function useOrderFromQuery() {
  const [params] = useSearchParams();
  const id = params.get('order') ?? '';
  const { authFetch } = useAuth();
  const order = useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => ordersApi.get(authFetch, id, signal),
    enabled: id !== '',
  });
  return { id, order };
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <section className="container page narrow">
      <div className="card stack document-page">{children}</div>
    </section>
  );
}

function OrderGate({ children }: { children: (order: OrderDetail) => ReactNode }) {
  const { id, order } = useOrderFromQuery();
  if (!id) {
    return (
      <Shell>
        <h1>Choose an order</h1>
        <p className="muted">Open an order from your dashboard to get its documents.</p>
        <Link to="/dashboard" className="button button--primary">
          Go to Dashboard
        </Link>
      </Shell>
    );
  }
  if (order.isPending) {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Loading the order" />
      </div>
    );
  }
  if (order.isError) {
    return (
      <Shell>
        <h1>Something Went Wrong</h1>
        <p className="alert alert--error">{describeError(order.error)}</p>
        <Link to="/dashboard" className="button button--primary">
          Go to Dashboard
        </Link>
      </Shell>
    );
  }
  return <>{children(order.data)}</>;
}

function NotPaidYet({ order, what }: { order: OrderDetail; what: string }) {
  return (
    <>
      <p className="alert alert--info">
        {order.status === 'cancelled'
          ? `Order ${order.reference} was cancelled, so it has no ${what}.`
          : `The ${what} of order ${order.reference} is ready as soon as the order is paid.`}
      </p>
      <div className="row">
        {order.actions.pay ? (
          <Link to={`/payment?order=${encodeURIComponent(order.id)}`} className="button button--primary">
            Pay now
          </Link>
        ) : null}
        <Link to="/dashboard" className="button button--secondary">
          Go to Dashboard
        </Link>
      </div>
    </>
  );
}

/** `/getting-label?order=<id>`: the label is generated; download it. */
export function LabelPage() {
  usePageTitle('Your label');
  return (
    <RequireSignIn what="your label">
      <OrderGate>{(order) => <Label order={order} />}</OrderGate>
    </RequireSignIn>
  );
}

function Label({ order }: { order: OrderDetail }) {
  const { download, busy } = useDocumentDownload();
  const path = order.documents.label;
  return (
    <Shell>
      <h1>{path ? 'Your label has been generated' : 'Shipping label'}</h1>
      <p className="muted">
        Order <strong>{order.reference}</strong>, {order.serviceName} ({serviceTypeLabel(order.serviceType)}),
        collection {formatLongDate(order.collectionDate)}.
      </p>
      {path ? (
        <>
          {order.trackingNumber ? (
            <p>
              Tracking number <strong>{order.trackingNumber}</strong>
            </p>
          ) : null}
          <ol className="next-steps">
            <li>Download the label (a 4 × 6 inch PDF) and print it.</li>
            <li>Stick it flat on the largest side of the parcel; cover no seams with it.</li>
            <li>Labels and documents must be printed before collection or drop-off.</li>
          </ol>
          <div className="row">
            <button
              type="button"
              className="button button--primary"
              onClick={() => download(path)}
              disabled={busy !== null}
            >
              {busy ? <Spinner label="Downloading" /> : 'Download Label'}
            </button>
            {order.documents.customs ? (
              <Link
                to={`/custom-declaration?order=${encodeURIComponent(order.id)}`}
                className="button button--secondary"
              >
                Customs declaration
              </Link>
            ) : null}
          </div>
        </>
      ) : (
        <NotPaidYet order={order} what="label" />
      )}
    </Shell>
  );
}

/** `/custom-declaration?order=<id>`: the customs details and the CN23 declaration to download. */
export function CustomsDeclarationPage() {
  usePageTitle('Customs declaration');
  return (
    <RequireSignIn what="the customs declaration">
      <OrderGate>{(order) => <Declaration order={order} />}</OrderGate>
    </RequireSignIn>
  );
}

function Declaration({ order }: { order: OrderDetail }) {
  const { download, busy } = useDocumentDownload();
  const reference = useReferenceData();
  const path = order.documents.customs;
  if (order.serviceType !== 'international') {
    return (
      <Shell>
        <h1>Customs declaration</h1>
        <p className="muted">Order {order.reference} stays in the UK, so it needs no customs declaration.</p>
        <Link to="/dashboard" className="button button--primary">
          Go to Dashboard
        </Link>
      </Shell>
    );
  }
  return (
    <Shell>
      <h1>Customs declaration</h1>
      <p className="muted">
        Order <strong>{order.reference}</strong>: a CN23 declaration with the commercial-invoice details
        below. Print it and attach it to the parcel in a clear pouch.
      </p>
      <div className="detail-columns">
        <Section title="Sender">
          <AddressBlock address={order.collectionAddress} reference={reference.data} />
        </Section>
        <Section title="Recipient">
          <AddressBlock address={order.deliveryAddress} reference={reference.data} />
        </Section>
      </div>
      {order.customs ? (
        <Section title="Customs Information">
          <CustomsDetails customs={order.customs} reference={reference.data} />
        </Section>
      ) : null}
      {order.items?.length ? (
        <Section title="Package Contents Breakdown">
          <ItemsTable items={order.items} currency={order.price.currency} reference={reference.data} />
        </Section>
      ) : null}
      {path ? (
        <div className="row">
          <button
            type="button"
            className="button button--primary"
            onClick={() => download(path)}
            disabled={busy !== null}
          >
            {busy ? <Spinner label="Downloading" /> : 'Download customs declaration'}
          </button>
        </div>
      ) : (
        <NotPaidYet order={order} what="customs declaration" />
      )}
    </Shell>
  );
}
