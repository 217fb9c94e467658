import { formatMoney } from '@consign/shared/money';
import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDate } from '../../lib/format';
import { claimKeys, claimsApi } from '../../shared/api/claims';
import { describeError, isApiError } from '../../shared/api/client';
import { type Order, type OrderList, type OrderTotals, orderKeys, ordersApi } from '../../shared/api/orders';
import { useAuth } from '../../shared/auth/auth';
import { useProfile } from '../../shared/auth/profile';
import { RequireRole } from '../../shared/auth/RequireRole';
import { JobsList } from '../../shared/jobs/JobsList';
import { DashboardLayout } from '../../shared/orders/DashboardLayout';
import type { ClaimFormOpen } from '../../shared/orders/OrderClaims';
import { OrderDrawer } from '../../shared/orders/OrderDrawer';
import { OrdersLoading, RefundedBadge, StatusBadge, ViewDetailsButton } from '../../shared/orders/OrderParts';
import '../../shared/orders/orders.css';

/** The customer dashboard: totals, orders (newest first) with their detail panel, and posted jobs. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  return (
    <RequireRole what="your dashboard">
      <CustomerDashboard />
    </RequireRole>
  );
}

type Tab = 'orders' | 'jobs';
const TABS: { id: Tab; label: string }[] = [
  { id: 'orders', label: 'Orders' },
  { id: 'jobs', label: 'Jobs' },
];

function CustomerDashboard() {
  const { user, apiClient } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'jobs' ? 'jobs' : 'orders';
  // An email's link to one order (`?order=<id>`, e.g. the offer of a loss claim) opens its drawer;
  // `claim=loss` opens it at the prefilled loss claim (the tracking page's link, `?track=<code>`).
  const [openOrder, setOpenOrder] = useState<{ id: string; claim: ClaimFormOpen } | null>(() => {
    const id = params.get('order');
    return id ? { id, claim: params.get('claim') === 'loss' ? 'lost' : null } : null;
  });
  const open = (id: string) => setOpenOrder({ id, claim: null });
  const trackedCode = params.get('track');
  const tracked = useQuery({
    queryKey: claimKeys.lossOfferByCode(trackedCode ?? ''),
    queryFn: ({ signal }) => claimsApi.lossOfferByCode(apiClient, trackedCode ?? '', signal),
    enabled: trackedCode !== null,
    retry: false,
  });
  useEffect(() => {
    if (tracked.data) setOpenOrder({ id: tracked.data.orderId, claim: 'lost' });
  }, [tracked.data]);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ orders: null, jobs: null });
  const profile = useProfile();
  const name = profile.data?.name ?? user?.name;

  // The payment provider's cancel link for a job comes back here with ?job=<id>.
  const cancelledJob = params.get('job');
  useEffect(() => {
    if (!cancelledJob) return;
    toast.info('Payment cancelled');
    setParams({ tab: 'jobs' }, { replace: true });
  }, [cancelledJob, setParams]);

  const orders = useInfiniteQuery({
    queryKey: orderKeys.list(),
    queryFn: ({ pageParam, signal }) => ordersApi.list(apiClient, { cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const totals = orders.data?.pages[0]?.totals;

  function selectTab(next: Tab) {
    setParams(next === 'orders' ? {} : { tab: next }, { replace: true });
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tab === 'orders' ? 'jobs' : 'orders';
    selectTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <DashboardLayout>
      <header className="page-header">
        <h1>{name ? `Hello, ${name}` : 'Your dashboard'}</h1>
        <p className="muted">
          Signed in as <strong className="break-all">{profile.data?.email ?? user?.email}</strong>
        </p>
        <p>
          Sending many parcels? <Link to="/batches">Book a batch from a CSV file</Link>.
        </p>
      </header>
      {tracked.isError ? (
        <TrackedNotYours error={tracked.error} email={profile.data?.email ?? user?.email} />
      ) : null}
      <Stats totals={totals} loading={orders.isPending} />
      <div role="tablist" aria-label="Your bookings" className="tabs">
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(element) => {
              tabRefs.current[t.id] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className="tabs__tab"
            onClick={() => selectTab(t.id)}
            onKeyDown={onTabKeyDown}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tabs__panel">
        {tab === 'orders' ? <OrdersPanel query={orders} onOpen={open} /> : <JobsList onOpenOrder={open} />}
      </div>
      {openOrder ? (
        <OrderDrawer
          key={openOrder.id}
          orderId={openOrder.id}
          claim={openOrder.claim}
          onClose={() => setOpenOrder(null)}
        />
      ) : null}
    </DashboardLayout>
  );
}

/**
 * The tracking page's "Claim for a lost parcel" for a code this account did not book: whose claim
 * it is (the sender's), never anything of the order.
 */
function TrackedNotYours({ error, email }: { error: Error; email: string | undefined }) {
  if (!isApiError(error, 404)) {
    return (
      <p className="alert alert--error" role="alert">
        {describeError(error)}
      </p>
    );
  }
  return (
    <div className="alert alert--info stack" role="alert">
      <p>
        <strong>This parcel was not booked with this account.</strong> Only the person who booked a delivery
        can claim for it.
        {email ? ` You are signed in as ${email}.` : ''}
      </p>
      <p>
        If the parcel was sent to you, ask the sender to claim. If you booked it with another account, log out
        and log in with that one.
      </p>
    </div>
  );
}

function sumText(totals: OrderTotals | undefined): string {
  if (!totals || totals.sum.length === 0) return formatMoney(0, 'GBP');
  return totals.sum.map((s) => formatMoney(s.amount, s.currency)).join(' + ');
}

function Stats({ totals, loading }: { totals: OrderTotals | undefined; loading: boolean }) {
  const value = (text: string | number) => (loading ? '…' : text);
  return (
    <dl className="stats" aria-busy={loading}>
      <div className="card stats__card">
        <dt>Total orders</dt>
        <dd>{value(totals?.count ?? 0)}</dd>
      </div>
      <div className="card stats__card">
        <dt>Pending</dt>
        <dd>{value(totals?.pending ?? 0)}</dd>
      </div>
      <div className="card stats__card">
        <dt>Total spent</dt>
        <dd>{value(sumText(totals))}</dd>
      </div>
    </dl>
  );
}

type OrdersQuery = UseInfiniteQueryResult<InfiniteData<OrderList, unknown>, Error>;

function routeText(order: Order): string {
  const to =
    order.deliveryAddress.country === 'GB'
      ? order.deliveryAddress.town
      : `${order.deliveryAddress.town}, ${order.deliveryAddress.country}`;
  return `${order.collectionAddress.town} → ${to}`;
}

export function OrdersPanel({ query, onOpen }: { query: OrdersQuery; onOpen: (id: string) => void }) {
  if (query.isPending) return <OrdersLoading />;
  if (query.isError) {
    return (
      <div className="alert alert--error" role="alert">
        {describeError(query.error)}{' '}
        <button type="button" className="link-button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const orders = query.data.pages.flatMap((page) => page.items);
  if (orders.length === 0) {
    return (
      <div className="card empty-state">
        <h2>No orders found</h2>
        <p className="muted">When you book a delivery, it appears here with its status and tracking.</p>
        <Link to="/" className="button button--primary">
          Compare quotes
        </Link>
      </div>
    );
  }
  return (
    <div className="stack">
      <div className="card table-card">
        <table className="data-table orders-table">
          <caption className="visually-hidden">Your orders, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Courier</th>
              <th scope="col">Route</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Total
              </th>
              <th scope="col">
                <span className="visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <td data-label="Order">
                  <strong>{order.reference}</strong>
                  {order.returnOf ? (
                    <span className="status-badge status-badge--blue dashboard__return-badge">
                      Return of {order.returnOf.reference}
                    </span>
                  ) : null}
                </td>
                <td data-label="Date">{formatDate(order.createdAt)}</td>
                <td data-label="Courier">{order.serviceName}</td>
                <td data-label="Route">{routeText(order)}</td>
                <td data-label="Status">
                  <StatusBadge status={order.status} /> <RefundedBadge order={order} />
                  {order.status === 'delivered' ? (
                    // The review invitation (also emailed on delivery), or the review given, which
                    // its page shows (and lets change while it may).
                    <Link to={`/orders/${order.id}/review`} className="dashboard__review-link">
                      {order.yourRating ? `Rated ${order.yourRating} out of 5` : 'Rate delivery'}
                      <span className="visually-hidden"> of order {order.reference}</span>
                    </Link>
                  ) : null}
                </td>
                <td data-label="Total" className="num">
                  {formatMoney(order.price.total, order.price.currency)}
                </td>
                <td>
                  <ViewDetailsButton order={order} onOpen={onOpen} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {query.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary dashboard__more"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? <Spinner label="Loading more orders" /> : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}
