import { useEffect, useState } from 'react';
import { Link, Title, useDataProvider, useTranslate } from 'react-admin';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ConsignDataProvider } from '../dataProvider';
import type { DashboardStats } from '../types';

const pounds = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);
/** `2026-03-11` → `11 Mar`. */
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

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

function Chart({ title, children }: { title: string; children: React.ReactElement }) {
  return (
    <section
      aria-label={title}
      style={{ border: '1px solid #d7deea', borderRadius: 8, padding: '1rem', minWidth: 0 }}
    >
      <h2 style={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>{title}</h2>
      <div style={{ width: '100%', height: 240 }}>
        <ResponsiveContainer>{children}</ResponsiveContainer>
      </div>
    </section>
  );
}

/**
 * The console's home: vendors waiting for activation, orders and revenue today, revenue over the
 * last 30 days and quotes per day (recharts). Each chart's numbers are also in its tooltip.
 */
export function Dashboard() {
  const dataProvider = useDataProvider<ConsignDataProvider>();
  const translate = useTranslate();
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
      <Title title="consign.dashboard.title" />
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
            <Chart title={translate('consign.dashboard.revenue_30_days')}>
              <LineChart data={stats.revenueByDay.map((d) => ({ ...d, label: shortDay(d.day) }))}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="label" interval="preserveStartEnd" />
                <YAxis tickFormatter={(v: number) => pounds(v)} width={80} />
                <Tooltip formatter={(v) => pounds(Number(v))} />
                <Line type="monotone" dataKey="amount" name="Revenue" stroke="#1a52b8" dot={false} />
              </LineChart>
            </Chart>
            <Chart title={translate('consign.dashboard.quotes_per_day')}>
              <BarChart data={stats.quotesByDay.map((d) => ({ ...d, label: shortDay(d.day) }))}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="label" interval="preserveStartEnd" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Bar dataKey="count" name="Quotes" fill="#2d6be0" />
              </BarChart>
            </Chart>
          </div>
          {stats.otherCurrencyOrders > 0 && (
            <p>{translate('consign.dashboard.other_currency', { n: stats.otherCurrencyOrders })}</p>
          )}
        </>
      )}
    </div>
  );
}
