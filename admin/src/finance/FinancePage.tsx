import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, Title, useDataProvider, useGetList } from 'react-admin';
import { Panel, SimpleTable } from '../components/SimpleTable';
import type { ConsignDataProvider } from '../dataProvider';
import { dateTimeText, money } from '../format';
import { msg, useT } from '../i18n/keys';
import type { FinanceSummary, PayoutBatch } from '../types';
import { RunPayoutsButton } from './RunPayoutsButton';

// recharts is large: the chart loads after the figures, as the dashboard's do.
const CommissionChart = lazy(() => import('./CommissionChart').then((m) => ({ default: m.CommissionChart })));

const grid = (min: string) =>
  ({
    display: 'grid',
    gap: '1rem',
    gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${min}), 1fr))`,
  }) as const;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <span style={{ display: 'block', fontSize: '0.875rem', color: '#4a5468' }}>{label}</span>
      <strong style={{ fontSize: '1.25rem' }}>{value}</strong>
    </div>
  );
}

function BooksCheck({ books }: { books: FinanceSummary['books'] }) {
  const translate = useT();
  const at = dateTimeText(books.checkedAt);
  return books.ok ? (
    <p
      role="status"
      style={{ margin: 0, padding: '0.75rem 1rem', borderRadius: 8, background: '#e6f4ea', color: '#0b5c2b' }}
    >
      {translate('consign.finance.books_ok', { at })}
    </p>
  ) : (
    <div
      role="alert"
      style={{ padding: '0.75rem 1rem', borderRadius: 8, background: '#fdecec', color: '#8c1d18' }}
    >
      <p style={{ margin: 0 }}>{translate('consign.finance.books_bad', { at })}</p>
      <ul style={{ margin: '0.5rem 0 0' }}>
        {books.problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
}

/** The latest payout batches, each linked to its items; the full list is the Payouts resource. */
function RecentPayouts({ version }: { version: number }) {
  const translate = useT();
  const { data, isPending, refetch } = useGetList<PayoutBatch>('payouts', {
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  useEffect(() => {
    if (version > 0) void refetch();
  }, [version, refetch]);
  if (isPending) return <p role="status">{translate('consign.finance.loading')}</p>;
  if (!data?.length) return <p style={{ margin: 0 }}>{translate('consign.commission.no_payouts')}</p>;
  return (
    <SimpleTable
      caption={translate('consign.finance.payouts')}
      columns={[
        { label: translate('resources.payouts.fields.createdAt') },
        { label: translate('resources.payouts.fields.status') },
        { label: translate('resources.payouts.fields.itemCount'), numeric: true },
        { label: translate('resources.payouts.fields.totals'), numeric: true },
      ]}
      rows={data.map((b) => ({
        key: String(b.id),
        cells: [
          <Link key="at" to={`/payouts/${encodeURIComponent(b.id)}/show`}>
            {dateTimeText(b.createdAt)}
          </Link>,
          translate(`consign.payouts.status.${b.status}`),
          b.itemCount,
          b.totals.map((t) => money(t.amount, t.currency)).join(' + ') || '—',
        ],
      }))}
    />
  );
}

/**
 * The console's Finance page: the books check, the platform's money per currency, commission by
 * day, week or month (charted), every courier's balance, refunds by who bore them, and the latest
 * payouts with "Run payouts".
 */
export function FinancePage() {
  const dataProvider = useDataProvider<ConsignDataProvider>();
  const translate = useT();
  const [summary, setSummary] = useState<FinanceSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    try {
      setSummary(await dataProvider.finance());
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [dataProvider]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div
      style={{
        padding: '1rem 0',
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: '1rem',
        minWidth: 0,
      }}
    >
      <Title title={msg('consign.finance.title')} />
      {error && <p role="alert">{error}</p>}
      {!summary && !error && <p role="status">{translate('consign.finance.loading')}</p>}
      {summary && (
        <>
          <BooksCheck books={summary.books} />
          <div style={grid('18rem')}>
            {summary.platform.map((p) => (
              <Panel key={p.currency} title={translate('consign.finance.platform', { currency: p.currency })}>
                <div style={grid('9rem')}>
                  <Figure
                    label={translate('consign.finance.commission')}
                    value={money(p.commission, p.currency)}
                  />
                  <Figure
                    label={translate('consign.finance.commission_returned')}
                    value={money(p.commissionReturned, p.currency)}
                  />
                  <Figure
                    label={translate('consign.finance.goodwill')}
                    value={money(p.goodwill, p.currency)}
                  />
                  <Figure label={translate('consign.finance.balance')} value={money(p.balance, p.currency)} />
                  <Figure
                    label={translate('consign.finance.unassigned')}
                    value={money(p.unassigned, p.currency)}
                  />
                </div>
              </Panel>
            ))}
          </div>
          <Panel title={translate('consign.finance.chart')}>
            <Suspense fallback={<p role="status">{translate('consign.finance.loading')}</p>}>
              <CommissionChart commission={summary.commission} />
            </Suspense>
          </Panel>
          <Panel
            title={translate('consign.finance.payouts')}
            actions={
              <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', flexWrap: 'wrap' }}>
                <Link to="/payouts">{translate('consign.finance.all_payouts')}</Link>
                <RunPayoutsButton
                  onDone={() => {
                    setVersion((v) => v + 1);
                    void load();
                  }}
                />
              </div>
            }
          >
            <RecentPayouts version={version} />
          </Panel>
          <Panel title={translate('consign.finance.couriers')}>
            {summary.couriers.length === 0 ? (
              <p style={{ margin: 0 }}>{translate('consign.finance.couriers_empty')}</p>
            ) : (
              <SimpleTable
                caption={translate('consign.finance.couriers')}
                columns={[
                  { label: translate('consign.finance.courier') },
                  { label: translate('consign.finance.paypal') },
                  { label: translate('consign.finance.pending'), numeric: true },
                  { label: translate('consign.finance.available'), numeric: true },
                  { label: translate('consign.finance.paid_out'), numeric: true },
                ]}
                rows={summary.couriers.map((c) => ({
                  key: `${c.vendorId}-${c.currency}`,
                  cells: [
                    <Link key="name" to={`/vendors/${encodeURIComponent(c.vendorId)}/show`}>
                      {c.name ?? c.vendorId}
                    </Link>,
                    c.paypalEmail ?? translate('consign.finance.not_set'),
                    money(c.pending, c.currency),
                    money(c.available, c.currency),
                    money(c.paidOut, c.currency),
                  ],
                }))}
              />
            )}
          </Panel>
          <Panel title={translate('consign.finance.refunds')}>
            {summary.refunds.length === 0 ? (
              <p style={{ margin: 0 }}>{translate('consign.finance.refunds_empty')}</p>
            ) : (
              <SimpleTable
                caption={translate('consign.finance.refunds')}
                columns={[
                  { label: translate('consign.finance.bearer') },
                  { label: translate('consign.finance.count'), numeric: true },
                  { label: translate('consign.finance.amount'), numeric: true },
                ]}
                rows={summary.refunds.map((r) => ({
                  key: `${r.bearer}-${r.currency}`,
                  cells: [
                    translate(`consign.finance.bearer_${r.bearer}`),
                    r.count,
                    money(r.amount, r.currency),
                  ],
                }))}
              />
            )}
          </Panel>
        </>
      )}
    </div>
  );
}
