import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Title, useDataProvider } from 'react-admin';
import type { ConsignDataProvider } from '../dataProvider';
import { money } from '../format';
import { msg, useT } from '../i18n/keys';
import type { DashboardStats } from '../types';

// recharts is large and only the dashboard uses it: it loads after the figures.
const Charts = lazy(() => import('./Charts').then((m) => ({ default: m.Charts })));
const pounds = (pence: number) => money(pence);

function Figure({ label, value, to }: { label: string; value: string; to?: string }) {
  const body = (
    <>
      <span style={{ display: 'block', fontSize: '0.875rem', color: '#4a5468' }}>{label}</span>
      <strong style={{ fontSize: '1.75rem' }}>{value}</strong>
    </>
  );
  return (
    <div style={{ padding: '1rem', border: '1px solid #d7deea', borderRadius: 8, minWidth: 0 }}>
      {to ? <Link to={to}>{body}</Link> : body}
    </div>
  );
}

/**
 * The console's home: vendors waiting for activation, orders and revenue today, revenue over the
 * last 30 days and quotes per day (recharts). Each chart's numbers are also in its tooltip.
 */
export function Dashboard() {
  const dataProvider = useDataProvider<ConsignDataProvider>();
  const translate = useT();
  const [stats, setStats] = useState<DashboardStats | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    dataProvider
      .dashboard()
      .then((s) => live && setStats(s))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [dataProvider]);

  return (
    <div style={{ padding: '1rem 0', display: 'grid', gap: '1rem' }}>
      <Title title={msg('consign.dashboard.title')} />
      {error && <p role="alert">{error}</p>}
      {!stats && !error && <p role="status">{translate('consign.dashboard.loading')}</p>}
      {stats && (
        <>
          <div
            style={{
              display: 'grid',
              gap: '1rem',
              gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
            }}
          >
            <Figure
              label={translate('consign.dashboard.vendors_pending')}
              value={String(stats.vendorsPending)}
              to={`/vendors?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`}
            />
            <Figure label={translate('consign.dashboard.orders_today')} value={String(stats.ordersToday)} />
            <Figure
              label={translate('consign.dashboard.revenue_today')}
              value={pounds(stats.revenueToday.amount)}
            />
          </div>
          <div
            style={{
              display: 'grid',
              gap: '1rem',
              gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 24rem), 1fr))',
            }}
          >
            <Suspense fallback={<p role="status">{translate('consign.dashboard.loading')}</p>}>
              <Charts stats={stats} />
            </Suspense>
          </div>
          {stats.otherCurrencyOrders > 0 && (
            <p>{translate('consign.dashboard.other_currency', { n: stats.otherCurrencyOrders })}</p>
          )}
        </>
      )}
    </div>
  );
}
