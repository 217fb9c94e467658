import { formatMoney } from '@consign/shared/money';
import { ScrollTable } from '../../components/ScrollTable';
import { formatDate } from '../../lib/format';
import { describeError } from '../../shared/api/client';
import { VENDOR_ORDERS_PAGE_SIZE, type VendorOrderList } from '../../shared/api/vendor-orders';
import { OrdersLoading, RefundedBadge, StatusBadge, ViewDetailsButton } from '../../shared/orders/OrderParts';

export function OrdersTable({
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
      <ScrollTable caption="Your orders, newest first" className="orders-table">
        <thead>
          <tr>
            <th scope="col">Order Date</th>
            <th scope="col">Order ID</th>
            <th scope="col">Recipient</th>
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
              <td data-label="Recipient">{order.recipientName}</td>
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
      </ScrollTable>
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
