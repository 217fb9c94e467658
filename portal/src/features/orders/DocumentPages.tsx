import { serviceTypeLabel } from '@consign/shared/services';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatLongDate } from '../../lib/format';
import { describeError } from '../../shared/api/client';
import { useReferenceData } from '../../shared/api/meta';
import { type OrderDetail, type OrderDocument, orderKeys, ordersApi } from '../../shared/api/orders';
import { useAuth } from '../../shared/auth/auth';
import { RequireSignIn } from '../../shared/auth/RequireSignIn';
import { useDocumentDownload } from '../../shared/orders/download';
import { AddressColumns, CustomsSections, PayNowLink } from '../../shared/orders/OrderParts';
import '../../shared/orders/orders.css';

function useOrderFromQuery() {
  const [params] = useSearchParams();
  const id = params.get('order') ?? '';
  const { apiClient } = useAuth();
  const order = useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => ordersApi.get(apiClient, id, signal),
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

function DashboardLink({ secondary = false }: { secondary?: boolean }) {
  return (
    <Link to="/dashboard" className={`button ${secondary ? 'button--secondary' : 'button--primary'}`}>
      Go to Dashboard
    </Link>
  );
}

/** A document page: signed in, with the order named by `?order=`, in the page's card. */
function DocumentPage({
  title,
  what,
  children,
}: {
  title: string;
  what: string;
  children: (order: OrderDetail) => ReactNode;
}) {
  usePageTitle(title);
  return (
    <RequireSignIn what={what}>
      <OrderGate>{children}</OrderGate>
    </RequireSignIn>
  );
}

function OrderGate({ children }: { children: (order: OrderDetail) => ReactNode }) {
  const { id, order } = useOrderFromQuery();
  if (!id) {
    return (
      <Shell>
        <h1>Choose an order</h1>
        <p className="muted">Open an order from your dashboard to get its documents.</p>
        <DashboardLink />
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
        <DashboardLink />
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
        <PayNowLink order={order} />
        <DashboardLink secondary />
      </div>
    </>
  );
}

function DownloadButton({
  orderId,
  kind,
  children,
}: {
  orderId: string;
  kind: OrderDocument;
  children: ReactNode;
}) {
  const { download, busy } = useDocumentDownload();
  return (
    <button
      type="button"
      className="button button--primary"
      onClick={() => download(orderId, kind)}
      disabled={busy !== null}
    >
      {busy ? <Spinner label="Downloading" /> : children}
    </button>
  );
}

/** `/getting-label?order=<id>`: the label is generated; download it. */
export function LabelPage() {
  return (
    <DocumentPage title="Your label" what="your label">
      {(order) => <Label order={order} />}
    </DocumentPage>
  );
}

function Label({ order }: { order: OrderDetail }) {
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
            <DownloadButton orderId={order.id} kind="label">
              Download Label
            </DownloadButton>
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
  return (
    <DocumentPage title="Customs declaration" what="the customs declaration">
      {(order) => <Declaration order={order} />}
    </DocumentPage>
  );
}

function Declaration({ order }: { order: OrderDetail }) {
  const reference = useReferenceData();
  const path = order.documents.customs;
  if (order.serviceType !== 'international') {
    return (
      <Shell>
        <h1>Customs declaration</h1>
        <p className="muted">Order {order.reference} stays in the UK, so it needs no customs declaration.</p>
        <DashboardLink />
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
      <AddressColumns
        titles={['Sender', 'Recipient']}
        collection={order.collectionAddress}
        delivery={order.deliveryAddress}
        reference={reference.data}
      />
      <CustomsSections
        customs={order.customs}
        items={order.items}
        currency={order.price.currency}
        reference={reference.data}
      />
      {path ? (
        <div className="row">
          <DownloadButton orderId={order.id} kind="customs">
            Download customs declaration
          </DownloadButton>
        </div>
      ) : (
        <NotPaidYet order={order} what="customs declaration" />
      )}
    </Shell>
  );
}
