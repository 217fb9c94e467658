import { formatMoney } from '@consign/shared/money';
import { statusLabel } from '@consign/shared/statuses';
import type { VendorOrderStats } from '../../shared/api/vendor-orders';

export function StatsPanel({
  stats,
  loading,
  failed,
}: {
  stats: VendorOrderStats | undefined;
  loading: boolean;
  failed: boolean;
}) {
  // Zeros show when the figures cannot be loaded.
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
