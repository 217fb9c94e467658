import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SimpleTable } from '../components/SimpleTable';
import { money } from '../format';
import { type MessageKey, useT } from '../i18n/keys';
import type { FinanceSummary } from '../types';

type Period = keyof FinanceSummary['commission'];
const PERIODS: { period: Period; label: MessageKey }[] = [
  { period: 'day', label: 'consign.finance.by_day' },
  { period: 'week', label: 'consign.finance.by_week' },
  { period: 'month', label: 'consign.finance.by_month' },
];
const COLOURS = ['#1a52b8', '#0b8043', '#b06000', '#7b1fa2'];

/** "2026-03-09" → "9 Mar" (a day, or the Monday of a week); "2026-03" → "Mar 2026". */
export function periodLabel(period: string): string {
  const month = period.length === 7;
  return new Date(`${month ? `${period}-01` : period}T12:00:00Z`).toLocaleDateString(
    'en-GB',
    month
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' },
  );
}

/** One row per period, one column per currency: the shape recharts draws bars from. */
export function chartRows(points: FinanceSummary['commission'][Period]) {
  const rows = new Map<string, Record<string, number | string>>();
  for (const p of points) {
    const row = rows.get(p.period) ?? { period: p.period, label: periodLabel(p.period) };
    row[p.currency] = ((row[p.currency] as number | undefined) ?? 0) + p.amount;
    rows.set(p.period, row);
  }
  return [...rows.values()];
}

/**
 * Commission earned (less commission returned) by day, week or month over the last 90 days: a
 * bar per period and currency, the numbers in the tooltip and in a table for screen readers.
 */
export function CommissionChart({ commission }: { commission: FinanceSummary['commission'] }) {
  const translate = useT();
  const [period, setPeriod] = useState<Period>('week');
  const points = commission[period];
  const currencies = [...new Set(points.map((p) => p.currency))].sort();
  const only = currencies.length === 1 ? currencies[0] : undefined;
  return (
    <div style={{ display: 'grid', gap: '0.5rem' }}>
      <div role="group" aria-label={translate('consign.finance.period')} style={{ display: 'flex', gap: 4 }}>
        {PERIODS.map((p) => (
          <button
            key={p.period}
            type="button"
            aria-pressed={period === p.period}
            onClick={() => setPeriod(p.period)}
            style={{
              font: 'inherit',
              padding: '0.25rem 0.75rem',
              borderRadius: 4,
              border: '1px solid #1a52b8',
              background: period === p.period ? '#1a52b8' : '#fff',
              color: period === p.period ? '#fff' : '#1a52b8',
              cursor: 'pointer',
            }}
          >
            {translate(p.label)}
          </button>
        ))}
      </div>
      {points.length === 0 ? (
        <p style={{ margin: 0 }}>{translate('consign.finance.chart_empty')}</p>
      ) : (
        <>
          {/* Clipped: recharts parks its hidden tooltip beside the chart, which scrolled a phone sideways. */}
          <div style={{ width: '100%', height: 240, overflow: 'hidden' }} aria-hidden="true">
            <ResponsiveContainer>
              {/* Not focusable: the chart is hidden from assistive technology, the table below says the same. */}
              <BarChart data={chartRows(points)} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="label" interval="preserveStartEnd" />
                <YAxis
                  width={72}
                  tickFormatter={(v: number) => (only ? money(v, only) : (v / 100).toFixed(2))}
                />
                <Tooltip formatter={(v, name) => money(Number(v), String(name))} />
                {currencies.length > 1 && <Legend />}
                {currencies.map((c, i) => (
                  <Bar key={c} dataKey={c} name={c} fill={COLOURS[i % COLOURS.length]} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
          <div style={{ position: 'absolute', left: '-10000px' }}>
            <SimpleTable
              caption={translate('consign.finance.chart_caption', {
                period: translate(PERIODS.find((p) => p.period === period)!.label).toLowerCase(),
              })}
              columns={[
                { label: translate('consign.finance.period') },
                { label: translate('consign.finance.amount'), numeric: true },
              ]}
              rows={points.map((p) => ({
                key: `${p.period}-${p.currency}`,
                cells: [periodLabel(p.period), money(p.amount, p.currency)],
              }))}
            />
          </div>
        </>
      )}
    </div>
  );
}
