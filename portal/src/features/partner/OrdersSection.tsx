import { formatMoney } from '@consign/shared/money';
import { ORDER_STATUSES, statusLabel } from '@consign/shared/statuses';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ScrollTable } from '../../components/ScrollTable';
import { Spinner } from '../../components/Spinner';
import { formatDate } from '../../lib/format';
import { describeError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { StatusBadge } from '../../shared/orders/OrderParts';
import { type OrderFilters, type PartnerOrder, partnerApi, partnerKeys } from './partner.api';
import { SectionError } from './SectionState';

const place = (p: { postTown: string | null; postcodeDistrict: string }) =>
  p.postTown ? `${p.postTown} (${p.postcodeDistrict})` : p.postcodeDistrict;

/** Orders booked through the partner's widget: no names, addresses or contact details. */
export function OrdersSection() {
  const { apiClient } = useAuth();
  const [filters, setFilters] = useState<OrderFilters>({});
  const [dateError, setDateError] = useState<string | null>(null);
  const id = useId();
  const orders = useInfiniteQuery({
    queryKey: partnerKeys.orders(filters),
    queryFn: ({ pageParam, signal }) => partnerApi.orders(apiClient, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = orders.data?.pages.flatMap((p) => p.data) ?? [];
  const filtered = Boolean(filters.status || filters.from || filters.to);

  function setDate(key: 'from' | 'to', value: string) {
    const next = { ...filters, [key]: value || undefined };
    if (next.from && next.to && next.to < next.from) {
      setDateError('The To date must not be before the From date');
      return;
    }
    setDateError(null);
    setFilters(next);
  }

  return (
    <section className="partner-section" aria-labelledby="partner-orders" id="orders">
      <h2 id="partner-orders">Orders booked through your widget</h2>
      <form
        className="partner-filters"
        role="search"
        aria-label="Filter orders"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="field">
          <label className="field__label" htmlFor={`${id}-status`}>
            Status
          </label>
          <select
            id={`${id}-status`}
            className="input input--select"
            value={filters.status ?? ''}
            onChange={(event) => setFilters({ ...filters, status: event.target.value || undefined })}
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-from`}>
            Booked from
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className="input"
            value={filters.from ?? ''}
            onChange={(event) => setDate('from', event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-to`}>
            Booked to
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className="input"
            value={filters.to ?? ''}
            onChange={(event) => setDate('to', event.target.value)}
            aria-describedby={dateError ? `${id}-date-error` : undefined}
          />
        </div>
        {filtered ? (
          <button
            type="button"
            className="button button--ghost partner-filters__clear"
            onClick={() => {
              setDateError(null);
              setFilters({});
            }}
          >
            Clear filters
          </button>
        ) : null}
        {dateError ? (
          <p className="field__error partner-filters__error" id={`${id}-date-error`} role="alert">
            {dateError}
          </p>
        ) : null}
      </form>
      {orders.isPending ? (
        <div className="page-state page-state--compact">
          <Spinner size="md" label="Loading orders..." />
        </div>
      ) : orders.isError ? (
        <SectionError message={describeError(orders.error)} onRetry={() => void orders.refetch()} />
      ) : rows.length === 0 ? (
        <p className="card empty-state">
          {filtered
            ? 'No orders match these filters.'
            : 'No orders yet: bookings made through your widget show here.'}
        </p>
      ) : (
        <>
          <ScrollTable
            caption="Orders booked through your widget, newest first"
            className="partner-orders"
            boxClassName="card table-card"
          >
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Status</th>
                <th scope="col">Service</th>
                <th scope="col">Route</th>
                <th scope="col">Price</th>
                <th scope="col">Booked</th>
                <th scope="col">Collection</th>
                <th scope="col">Tracking</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((order) => (
                <OrderRow key={order.reference} order={order} />
              ))}
            </tbody>
          </ScrollTable>
          {orders.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void orders.fetchNextPage()}
              disabled={orders.isFetchingNextPage}
            >
              {orders.isFetchingNextPage ? <Spinner label="Loading more orders" /> : 'Load more'}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

function OrderRow({ order }: { order: PartnerOrder }) {
  return (
    <tr>
      <th scope="row">{order.reference}</th>
      <td>
        <StatusBadge status={order.status} />
        {order.refundedPence > 0 ? (
          <span className="status-badge status-badge--red">
            {order.refundedPence >= order.totalPence ? 'Refunded' : 'Part refunded'}
          </span>
        ) : null}
      </td>
      <td>
        {order.courier.name}
        <br />
        <span className="muted">{order.service.name}</span>
      </td>
      <td>
        {place(order.origin)} → {place(order.destination)}
      </td>
      <td>{formatMoney(order.totalPence, order.currency)}</td>
      <td>{formatDate(order.createdAt)}</td>
      <td>
        {formatDate(order.collectionDate)}
        {order.deliveredAt ? (
          <>
            <br />
            <span className="muted">Delivered {formatDate(order.deliveredAt)}</span>
          </>
        ) : null}
      </td>
      <td>
        {order.trackingUrl ? (
          <a href={order.trackingUrl} aria-label={`Track order ${order.reference}`}>
            {order.trackingNumber ?? 'Track'}
          </a>
        ) : (
          (order.trackingNumber ?? '—')
        )}
      </td>
    </tr>
  );
}
