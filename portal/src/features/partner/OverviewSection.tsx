import { formatMoney } from '@consign/shared/money';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../components/Spinner';
import { describeError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { DailyChart } from './OverviewChart';
import { partnerApi, partnerKeys } from './partner.api';
import { SectionError } from './SectionState';

const DAYS = 30;

const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });

/** The last 30 days through the widget: quotes, bookings, conversion and revenue, with charts. */
export function OverviewSection() {
  const { apiClient } = useAuth();
  const overview = useQuery({
    queryKey: partnerKeys.overview(DAYS),
    queryFn: ({ signal }) => partnerApi.overview(apiClient, DAYS, signal),
  });

  return (
    <section className="partner-section" aria-labelledby="partner-overview" id="overview">
      <h2 id="partner-overview">Last {DAYS} days</h2>
      {overview.isPending ? (
        <div className="page-state page-state--compact">
          <Spinner size="md" label="Loading your figures" />
        </div>
      ) : overview.isError ? (
        <SectionError message={describeError(overview.error)} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <dl className="stats">
            <div className="card stats__card">
              <dt>Quotes</dt>
              <dd>{overview.data.totals.quotes}</dd>
            </div>
            <div className="card stats__card">
              <dt>Bookings</dt>
              <dd>{overview.data.totals.bookings}</dd>
            </div>
            <div className="card stats__card">
              <dt>Conversion</dt>
              <dd>
                {overview.data.totals.conversion == null ? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">No quotes yet</span>
                  </>
                ) : (
                  percent.format(overview.data.totals.conversion)
                )}
              </dd>
            </div>
            <div className="card stats__card">
              <dt>Revenue</dt>
              <dd>{formatMoney(overview.data.totals.revenuePence, overview.data.totals.currency)}</dd>
            </div>
          </dl>
          {overview.data.totals.quotes === 0 ? (
            <p className="muted">
              Nothing yet: quotes and bookings made through your widget show here as they happen.
            </p>
          ) : null}
          <div className="partner-charts">
            <DailyChart
              title="Quotes and bookings per day"
              days={overview.data.days}
              series={[
                { label: 'Quotes', value: (d) => d.quotes, tone: 'secondary' },
                { label: 'Bookings', value: (d) => d.bookings, tone: 'primary' },
              ]}
            />
            <DailyChart
              title="Revenue per day"
              days={overview.data.days}
              series={[{ label: 'Revenue', value: (d) => d.revenuePence, tone: 'primary' }]}
              format={(pence) => formatMoney(pence, overview.data.totals.currency)}
            />
          </div>
        </>
      )}
    </section>
  );
}
