import { formatMoney } from '@consign/shared/money';
import { statusLabel } from '@consign/shared/statuses';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { describeError } from '../../app/api';
import { useAuth } from '../../app/auth';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDate } from '../../lib/format';
import { couriersApi } from '../../shared/api/courier-services';
import {
  VENDOR_ORDERS_PAGE_SIZE,
  type VendorOrderFilters,
  type VendorOrderList,
  type VendorOrderStats,
  type VendorOrderStatus,
  vendorOrderKeys,
  vendorOrdersApi,
} from '../../shared/api/vendor-orders';
import { saveBlob } from '../../shared/orders/download';
import { OrdersLoading, RefundedBadge, StatusBadge, ViewDetailsButton } from '../../shared/orders/OrderParts';
import { VendorOrderDrawer } from './VendorOrderDrawer';
import './vendor-dashboard.css';
import { VendorShell } from '../../shared/vendor-shell';

/** The vendor's orders: figures, server-side filters and pages, CSV export, and the edit drawer. */
export function VendorDashboardPage() {
  usePageTitle('Vendor dashboard');
  return (
    <VendorShell what="the vendor dashboard">
      <VendorDashboard />
    </VendorShell>
  );
}

export const STATUS_FILTERS: { value: '' | VendorOrderStatus; label: string }[] = [
  { value: '', label: 'All Statuses' },
  // One spelling everywhere: the labels the badges show.
  ...(['pending', 'confirmed', 'in_transit', 'delivered', 'cancelled'] as const).map((value) => ({
    value,
    label: statusLabel(value),
  })),
];

/** How long typing rests before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

function filtersFrom(params: URLSearchParams): VendorOrderFilters {
  const status = params.get('status');
  return {
    status: STATUS_FILTERS.some((s) => s.value && s.value === status)
      ? (status as VendorOrderStatus)
      : undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    q: params.get('q') || undefined,
  };
}

function VendorDashboard() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  // The filters and page live in the address, so a reload or a shared link shows the same rows.
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const filtered = Boolean(filters.status || filters.from || filters.to || filters.q);
  const [openOrder, setOpenOrder] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const vendor = useQuery({
    queryKey: ['vendors', 'me'],
    queryFn: ({ signal }) => couriersApi.myVendor(apiClient, signal),
    staleTime: 60_000,
  });
  const stats = useQuery({
    queryKey: vendorOrderKeys.stats(),
    queryFn: ({ signal }) => vendorOrdersApi.stats(apiClient, signal),
  });
  const list = useQuery({
    queryKey: vendorOrderKeys.list(filters, page),
    queryFn: ({ signal }) => vendorOrdersApi.list(apiClient, filters, page, signal),
    // The table stays while the next page or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

  function update(changes: Record<string, string | undefined>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        // A new filter starts from its first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: vendorOrderKeys.all });
    void vendor.refetch();
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const { blob, filename } = await vendorOrdersApi.exportCsv(apiClient, filters);
      saveBlob(blob, filename);
    } catch (error) {
      toast.error(describeError(error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className="vendor-dashboard">
      <header className="page-header row row--between">
        <div>
          <h1>{vendor.data?.shopName || 'Vendor'}</h1>
          <p className="muted">Your orders, their status and your revenue.</p>
        </div>
        <div className="row">
          <button
            type="button"
            className="button button--secondary"
            onClick={refresh}
            disabled={list.isFetching || stats.isFetching}
          >
            {list.isFetching || stats.isFetching ? <Spinner label="Refreshing" /> : 'Refresh'}
          </button>
          <Link to="/rate-card" className="button button--primary">
            My Rate Cards
          </Link>
        </div>
      </header>

      <StatsPanel stats={stats.data} loading={stats.isPending} failed={stats.isError} />

      <section className="card vendor-orders" aria-labelledby="vendor-orders-title">
        <div className="row row--between vendor-orders__head">
          <h2 id="vendor-orders-title">Orders</h2>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void exportCsv()}
            disabled={exporting || !list.data || list.data.total === 0}
          >
            {exporting ? <Spinner label="Exporting" /> : 'Export CSV'}
          </button>
        </div>
        <Filters filters={filters} onChange={update} />
        <OrdersTable
          list={list.data}
          loading={list.isPending}
          error={list.isError ? list.error : null}
          onRetry={() => void list.refetch()}
          filtered={filtered}
          allOrders={stats.data?.totalOrders}
          page={page}
          onPage={(next) => update({ page: next > 1 ? String(next) : undefined })}
          onClear={() => setParams({}, { replace: true })}
          onOpen={setOpenOrder}
        />
      </section>

      {openOrder ? (
        <VendorOrderDrawer
          orderId={openOrder}
          onClose={() => setOpenOrder(null)}
          onSaved={() => {
            setOpenOrder(null);
            void queryClient.invalidateQueries({ queryKey: vendorOrderKeys.all });
          }}
        />
      ) : null}
    </section>
  );
}

function StatsPanel({
  stats,
  loading,
  failed,
}: {
  stats: VendorOrderStats | undefined;
  loading: boolean;
  failed: boolean;
}) {
  // The specification shows zeros when the figures cannot be loaded.
  const value = (n: number | string) => (loading ? '…' : n);
  const revenue = stats?.totalRevenue ?? { amount: 0, currency: 'GBP' as const };
  const distribution = [
    { label: statusLabel('pending'), tone: 'yellow', n: stats?.pendingOrders ?? 0 },
    { label: statusLabel('confirmed'), tone: 'green', n: stats?.confirmedOrders ?? 0 },
    { label: statusLabel('in_transit'), tone: 'blue', n: stats?.inTransitOrders ?? 0 },
    { label: statusLabel('delivered'), tone: 'purple', n: stats?.deliveredOrders ?? 0 },
  ];
  const largest = Math.max(1, ...distribution.map((d) => d.n));
  return (
    <div className="stack" aria-busy={loading}>
      {failed ? (
        <p className="alert alert--error" role="alert">
          Your figures could not be loaded; they show as zero for now.
        </p>
      ) : null}
      <dl className="stats">
        <div className="card stats__card">
          <dt>Total Orders</dt>
          <dd>{value(stats?.totalOrders ?? 0)}</dd>
        </div>
        <div className="card stats__card">
          <dt>Pending Orders</dt>
          <dd>{value(stats?.pendingOrders ?? 0)}</dd>
        </div>
        <div className="card stats__card">
          <dt>{statusLabel('in_transit')}</dt>
          <dd>{value(stats?.inTransitOrders ?? 0)}</dd>
        </div>
        <div className="card stats__card">
          <dt>Total Revenue</dt>
          <dd>{value(formatMoney(revenue.amount, revenue.currency))}</dd>
        </div>
      </dl>
      <div className="vendor-dashboard__panels">
        <section className="card vendor-panel" aria-labelledby="distribution-title">
          <h2 id="distribution-title" className="vendor-panel__title">
            Order Status Distribution
          </h2>
          <ul className="plain-list distribution">
            {distribution.map((d) => (
              <li key={d.label} className="distribution__row">
                <span className="distribution__label">{d.label}</span>
                <span className="distribution__bar" aria-hidden="true">
                  <span
                    className={`distribution__fill distribution__fill--${d.tone}`}
                    style={{ width: `${(d.n / largest) * 100}%` }}
                  />
                </span>
                <span className="distribution__count">{value(d.n)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card vendor-panel" aria-labelledby="revenue-title">
          <h2 id="revenue-title" className="vendor-panel__title">
            Revenue Overview
          </h2>
          <p className="vendor-panel__figure">{value(formatMoney(revenue.amount, revenue.currency))}</p>
          <p className="muted">
            {loading
              ? 'Loading…'
              : `From ${stats?.revenueOrders ?? 0} ${stats?.revenueOrders === 1 ? 'order' : 'orders'} (refunds are taken off; cancelled orders are not counted)`}
          </p>
          {stats && stats.revenueByCurrency.length > 1 ? (
            <ul className="plain-list muted">
              {stats.revenueByCurrency.map((r) => (
                <li key={r.currency}>{formatMoney(r.amount, r.currency)}</li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
    </div>
  );
}

function Filters({
  filters,
  onChange,
}: {
  filters: VendorOrderFilters;
  onChange: (changes: Record<string, string | undefined>) => void;
}) {
  const id = useId();
  const [text, setText] = useState(filters.q ?? '');
  const [dateError, setDateError] = useState<string | null>(null);
  // The parent's callback changes with every render; the debounce must not restart with it.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // Follow the address when it changes elsewhere (Clear filters, back button).
  useEffect(() => setText(filters.q ?? ''), [filters.q]);

  useEffect(() => {
    if ((text.trim() || undefined) === filters.q) return;
    const timer = setTimeout(() => onChangeRef.current({ q: text.trim() || undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q]);

  function setDate(key: 'from' | 'to', value: string) {
    const from = key === 'from' ? value : filters.from;
    const to = key === 'to' ? value : filters.to;
    if (from && to && to < from) {
      setDateError('The To date must not be before the From date');
      return;
    }
    setDateError(null);
    onChange({ [key]: value || undefined });
  }

  return (
    <form
      className="vendor-filters"
      role="search"
      aria-label="Filter orders"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: text.trim() || undefined });
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          Status
        </label>
        <select
          id={`${id}-status`}
          className="input input--select"
          value={filters.status ?? ''}
          onChange={(event) => onChange({ status: event.target.value || undefined })}
        >
          {STATUS_FILTERS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-from`}>
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="input"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(event) => setDate('from', event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-to`}>
          To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="input"
          value={filters.to ?? ''}
          min={filters.from}
          aria-describedby={dateError ? `${id}-date-error` : undefined}
          onChange={(event) => setDate('to', event.target.value)}
        />
      </div>
      <div className="field vendor-filters__search">
        <label className="field__label" htmlFor={`${id}-q`}>
          Search
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="input"
          placeholder="Order ID, customer or courier"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {dateError ? (
        <p className="field__error vendor-filters__error" id={`${id}-date-error`} role="alert">
          {dateError}
        </p>
      ) : null}
    </form>
  );
}

function OrdersTable({
  list,
  loading,
  error,
  onRetry,
  filtered,
  allOrders,
  page,
  onPage,
  onClear,
  onOpen,
}: {
  list: VendorOrderList | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  filtered: boolean;
  allOrders: number | undefined;
  page: number;
  onPage: (page: number) => void;
  onClear: () => void;
  onOpen: (id: string) => void;
}) {
  if (loading) return <OrdersLoading />;
  if (error || !list) {
    return (
      <div className="alert alert--error" role="alert">
        {error ? describeError(error) : 'Failed to load orders'}{' '}
        <button type="button" className="link-button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (list.total === 0) {
    return filtered ? (
      <div className="empty-state">
        <h3>No orders match your search criteria</h3>
        <button type="button" className="link-button" onClick={onClear}>
          Clear filters
        </button>
      </div>
    ) : (
      <div className="empty-state">
        <h3>You have no orders</h3>
        <p className="muted">Orders customers book and pay for with your courier services appear here.</p>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(list.total / VENDOR_ORDERS_PAGE_SIZE));
  return (
    <div className="stack">
      <p className="muted" aria-live="polite">
        Showing {list.total} of {Math.max(allOrders ?? list.total, list.total)} orders
      </p>
      <div className="table-scroll">
        <table className="data-table orders-table">
          <caption className="visually-hidden">Your orders, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Order Date</th>
              <th scope="col">Order ID</th>
              <th scope="col">Customer</th>
              <th scope="col">Courier</th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((order) => (
              <tr key={order.id}>
                <td data-label="Order Date">{formatDate(order.createdAt)}</td>
                <td data-label="Order ID">
                  <strong>{order.reference}</strong>
                </td>
                <td data-label="Customer">{order.deliveryAddress.name}</td>
                <td data-label="Courier">{order.serviceName}</td>
                <td data-label="Price" className="num">
                  {formatMoney(order.price.total, order.price.currency)}
                </td>
                <td data-label="Status">
                  <StatusBadge status={order.status} /> <RefundedBadge order={order} />
                </td>
                <td>
                  <ViewDetailsButton order={order} onOpen={onOpen} label="View Details" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className="row row--between pager" aria-label="Pages of orders">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onPage(page - 1)}
            disabled={page <= 1}
          >
            Previous
          </button>
          <span className="muted">
            Page {Math.min(page, pages)} of {pages}
          </span>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onPage(page + 1)}
            disabled={page >= pages}
          >
            Next
          </button>
        </nav>
      ) : null}
    </div>
  );
}
