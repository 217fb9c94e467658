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
import { money } from '../format';
import { useT } from '../i18n/keys';
import type { DashboardStats } from '../types';

const pounds = (pence: number) => money(pence);
/** `2026-03-11` → `11 Mar`. */
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

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

/** Revenue over the last 30 days and quotes per day; each chart's numbers are also in its tooltip. */
export function Charts({ stats }: { stats: DashboardStats }) {
  const translate = useT();
  return (
    <>
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
    </>
  );
}
