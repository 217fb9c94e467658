import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDateTime } from '../../lib/format';
import { couriersApi, couriersQueryKey } from '../../shared/api/courier-services';
import { useMyVendor, useOnboarding } from '../../shared/api/vendor';
import { useAuth } from '../../shared/auth/auth';
import { VendorShell } from '../../shared/vendor-shell';
import './onboarding.css';

/** `/vendor-panel`: where the vendor stands (details, onboarding, services, activation) and what to do next. */
export function VendorPanelPage() {
  usePageTitle('Vendor panel');
  return (
    <VendorShell what="the vendor panel">
      <VendorPanel />
    </VendorShell>
  );
}

function VendorPanel() {
  const { apiClient } = useAuth();
  const vendor = useMyVendor();
  const onboarding = useOnboarding();
  const services = useQuery({
    queryKey: couriersQueryKey,
    queryFn: ({ signal }) => couriersApi.list(apiClient, signal),
  });

  if (vendor.isPending || onboarding.isPending) {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Loading your vendor panel" />
      </div>
    );
  }
  if (vendor.isError || onboarding.isError) {
    return (
      <div className="card empty-state">
        <h1>Could not load your vendor panel</h1>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            void vendor.refetch();
            void onboarding.refetch();
          }}
        >
          Try again
        </button>
      </div>
    );
  }

  const v = vendor.data;
  const o = onboarding.data;
  const detailsDone = Boolean(v.shopName && v.description && v.postalCode);
  const serviceCount = services.data?.items.length ?? 0;

  const onboardingState =
    o.status === 'submitted'
      ? `Submitted for review${o.submittedAt ? ` on ${formatDateTime(o.submittedAt)}` : ''}`
      : o.status === 'draft'
        ? `In progress (step ${o.step} of 5)`
        : 'Not started';
  const activation =
    v.status === 'active'
      ? 'Active: your services appear in quotes'
      : v.status === 'suspended'
        ? 'Suspended: please contact us'
        : 'Pending: our team activates your business after reviewing it';

  return (
    <div className="card stack">
      <header>
        <h1>{v.shopName ?? 'Vendor'} — vendor panel</h1>
        <p className="muted">Your onboarding and activation, and where to go next.</p>
      </header>
      <ol className="panel-steps">
        <PanelStep
          title="Business details"
          state={detailsDone ? 'Complete' : 'Missing'}
          done={detailsDone}
          to="/vendor-details"
          action={detailsDone ? 'Edit details' : 'Add details'}
        />
        <PanelStep
          title="Onboarding"
          state={onboardingState}
          done={o.status === 'submitted'}
          to={o.status === 'submitted' ? undefined : '/vendor-onboarding'}
          action={o.status === 'not_started' ? 'Start onboarding' : 'Continue onboarding'}
        />
        <PanelStep
          title="Courier services"
          state={
            services.isPending
              ? 'Loading…'
              : serviceCount === 0
                ? 'None yet'
                : `${serviceCount} service${serviceCount === 1 ? '' : 's'}`
          }
          done={serviceCount > 0}
          to={serviceCount === 0 ? '/add-courier' : '/rate-card'}
          action={serviceCount === 0 ? 'Add a courier service' : 'My Rate Cards'}
        />
        <PanelStep title="Activation" state={activation} done={v.status === 'active'} />
      </ol>
      <div className="row">
        <Link to="/vendor-dashboard" className="button button--primary">
          Go to the dashboard
        </Link>
        <Link to="/vendor-profile" className="button button--secondary">
          Vendor profile
        </Link>
      </div>
    </div>
  );
}

function PanelStep({
  title,
  state,
  done,
  to,
  action,
}: {
  title: string;
  state: string;
  done: boolean;
  to?: string;
  action?: string;
}) {
  return (
    <li>
      <div>
        <h2 className="panel-steps__title">{title}</h2>
        <p className={`panel-steps__state${done ? ' panel-steps__state--done' : ''}`}>{state}</p>
      </div>
      {to && action ? (
        <Link to={to} className="button button--secondary">
          {action}
        </Link>
      ) : null}
    </li>
  );
}
