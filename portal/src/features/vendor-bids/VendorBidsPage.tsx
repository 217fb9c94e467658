import type { components } from '@consign/api/client';
import { formatMoney } from '@consign/shared/money';
import { countOf } from '@consign/shared/numbers';
import { serviceTypeLabel } from '@consign/shared/services';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { FieldError } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDate, formatLongDate, totalWeight } from '../../lib/format';
import { countryName } from '../../shared/api/booking';
import { type ApiClient, saveErrorMessage, unwrap } from '../../shared/api/client';
import { type CourierService, couriersApi, couriersQueryKey } from '../../shared/api/courier-services';
import { useReferenceData } from '../../shared/api/meta';
import { newIdempotencyKey } from '../../shared/api/orders';
import { vendorOrderKeys } from '../../shared/api/vendor-orders';
import { useAuth } from '../../shared/auth/auth';
import { CourierLogo } from '../../shared/components/CourierLogo';
import { pricingSummary, routeLabel } from '../../shared/courier-services/describe';
import { StatusBadge } from '../../shared/orders/OrderParts';
import { useQuoteReferenceData } from '../../shared/quotes/referenceData';
import './vendor-bids.css';
import { VendorShell } from '../../shared/vendor-shell';

export type VendorJob = components['schemas']['VendorJob'];

/** Open jobs are few (they close within 7 days), so one page of the API's largest size holds them. */
const BIDS_LIMIT = 100;

export const vendorJobKeys = { all: ['vendor-jobs'] as const };

export const vendorJobsApi = {
  list: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(
      await client.GET('/api/v1/vendor/jobs', { params: { query: { limit: BIDS_LIMIT, page: 1 } }, signal }),
    ),
  accept: async (client: ApiClient, id: string, courierServiceId: string, key: string) =>
    unwrap(
      await client.POST('/api/v1/vendor/jobs/{id}/accept', {
        params: { path: { id } },
        body: { courierServiceId },
        headers: { 'Idempotency-Key': key },
      }),
    ),
};

export const SELECT_SERVICE_MESSAGE = 'Please select a courier service';

/** Jobs customers posted and paid for that the vendor's services can carry (jobs: docs/architecture.md §4). */
export function VendorBidsPage() {
  usePageTitle('Available Bids');
  return (
    <VendorShell what="available bids">
      <VendorBids />
    </VendorShell>
  );
}

function VendorBids() {
  const { apiClient } = useAuth();
  const [accepting, setAccepting] = useState<VendorJob | null>(null);
  const jobs = useQuery({
    queryKey: vendorJobKeys.all,
    queryFn: ({ signal }) => vendorJobsApi.list(apiClient, signal),
  });

  useEffect(() => {
    if (jobs.isError) toast.error('Failed to fetch bids', { toastId: 'bids-fetch' });
  }, [jobs.isError]);

  const items = jobs.data?.items ?? [];
  const total = jobs.data?.total ?? 0;

  return (
    <section className="vendor-bids">
      <header className="page-header row row--between">
        <div>
          <h1>Available Bids</h1>
          <p className="muted" aria-live="polite">
            {jobs.isPending ? 'Loading…' : `${countOf(total, 'job')} open for bids`}
          </p>
        </div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void jobs.refetch()}
          disabled={jobs.isFetching}
        >
          {jobs.isFetching && !jobs.isPending ? <Spinner label="Refreshing" /> : 'Refresh'}
        </button>
      </header>

      {jobs.isPending ? (
        <div className="page-state">
          <Spinner size="lg" label="Loading bids" />
        </div>
      ) : jobs.isError ? (
        <div className="card empty-state">
          <h2>Could not load the bids</h2>
          <button type="button" className="button button--secondary" onClick={() => void jobs.refetch()}>
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="card empty-state">
          <h2>No bids available</h2>
          <p className="muted">There are currently no pending bids for you to review</p>
        </div>
      ) : (
        <ul className="plain-list vendor-bids__list">
          {items.map((job) => (
            <li key={job.id}>
              <BidCard job={job} onAccept={() => setAccepting(job)} />
            </li>
          ))}
        </ul>
      )}
      {total > items.length ? (
        <p className="muted">The {items.length} newest are shown; accept or refresh to see the rest.</p>
      ) : null}
      {accepting ? <AcceptDialog job={accepting} onClose={() => setAccepting(null)} /> : null}
    </section>
  );
}

function BidCard({ job, onAccept }: { job: VendorJob; onAccept: () => void }) {
  const reference = useReferenceData();
  const titleId = useId();
  const first = job.parcels[0];
  const place = (p: VendorJob['delivery']) =>
    [p.town, p.county, p.postcode, countryName(p.country, reference.data)].filter(Boolean).join(', ');
  return (
    <article className="card bid-card" aria-labelledby={titleId}>
      <header className="bid-card__header">
        <div>
          <h2 id={titleId} className="bid-card__title">
            Bid {job.reference}
          </h2>
          <p className="muted">
            Posted {formatDate(job.postedAt)} · {serviceTypeLabel(job.serviceType)}
          </p>
        </div>
        <div className="bid-card__price">
          <strong>{formatMoney(job.askingPrice.amount, job.askingPrice.currency)}</strong>
          {/* Every listed job awaits a courier: shown as "pending". */}
          <StatusBadge status="pending" />
        </div>
      </header>
      <div className="bid-card__sections">
        <section>
          <h3 className="bid-card__heading">Delivery details</h3>
          <dl className="meta-list">
            <dt>Collect from</dt>
            <dd>{place(job.collection)}</dd>
            <dt>Deliver to</dt>
            <dd>{place(job.delivery)}</dd>
            <dt>Name, street, phone, email</dt>
            <dd className="muted">Shared with you once you accept</dd>
          </dl>
        </section>
        <section>
          <h3 className="bid-card__heading">Package details</h3>
          <dl className="meta-list">
            <dt>Weight</dt>
            <dd>{totalWeight(job.parcels)} kg</dd>
            <dt>Dimensions</dt>
            <dd>
              {first ? `${first.length} x ${first.width} x ${first.height} cm` : 'N/A'}
              {job.parcels.length > 1 ? ` (+${job.parcels.length - 1} more parcels)` : ''}
            </dd>
            <dt>Content</dt>
            <dd>{job.contents}</dd>
            <dt>Value</dt>
            <dd>{formatMoney(job.contentValue, job.askingPrice.currency)}</dd>
          </dl>
        </section>
        <section>
          <h3 className="bid-card__heading">Collection</h3>
          <dl className="meta-list">
            <dt>Collection date</dt>
            <dd>{job.collectionDate ? formatLongDate(job.collectionDate) : 'Flexible'}</dd>
            <dt>Insurance</dt>
            <dd>None</dd>
            <dt>Open until</dt>
            <dd>{formatDate(job.expiresAt)}</dd>
          </dl>
        </section>
      </div>
      {job.notes ? (
        <p className="bid-card__notes">
          <strong>Courier notes:</strong> <span className="pre-line">{job.notes}</span>
        </p>
      ) : null}
      <div className="row">
        <button
          type="button"
          className="button button--primary"
          onClick={onAccept}
          aria-label={`Accept bid ${job.reference}`}
        >
          Accept Bid
        </button>
      </div>
    </article>
  );
}

function AcceptDialog({ job, onClose }: { job: VendorJob; onClose: () => void }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const destinations = useQuoteReferenceData().data.internationalDestinations;
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const key = useRef(newIdempotencyKey());
  const errorId = useId();
  const services = useQuery({
    queryKey: couriersQueryKey,
    queryFn: ({ signal }) => couriersApi.list(apiClient, signal),
  });
  // Only the services the API says can carry this job (type, route, limits, tiers).
  const fitting: CourierService[] = (services.data?.items ?? []).filter((s) =>
    job.services.some((j) => j.id === s.id),
  );

  const accept = useMutation({
    mutationFn: (courierServiceId: string) =>
      vendorJobsApi.accept(apiClient, job.id, courierServiceId, key.current),
    onSuccess: async () => {
      toast.success('Bid accepted successfully! Order has been created.');
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorJobKeys.all }),
        queryClient.invalidateQueries({ queryKey: vendorOrderKeys.all }),
      ]);
    },
    onError: async (failure) => {
      toast.error(saveErrorMessage(failure, 'Failed to accept bid'));
      // Taken by another courier or closed meanwhile: the list must stop offering it.
      await queryClient.invalidateQueries({ queryKey: vendorJobKeys.all });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!selected) {
      setError(SELECT_SERVICE_MESSAGE);
      toast.error(SELECT_SERVICE_MESSAGE);
      return;
    }
    setError(undefined);
    accept.mutate(selected);
  }

  return (
    <Modal title="Select Courier Service" onClose={onClose} size="md">
      {services.isPending ? (
        <div className="page-state page-state--compact">
          <Spinner size="md" label="Loading your courier services" />
        </div>
      ) : fitting.length === 0 ? (
        <div className="empty-state">
          <h3>No courier services available</h3>
          <p className="muted">None of your active courier services can carry bid {job.reference}.</p>
          <Link to="/rate-card" className="button button--primary">
            Add a courier service
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} className="stack" noValidate>
          <fieldset className="service-choices" aria-describedby={error ? errorId : undefined}>
            <legend className="muted">Carry bid {job.reference} with:</legend>
            {fitting.map((service) => {
              const tier = service.weightTiers[0];
              return (
                <label key={service.id} className="service-choice">
                  <input
                    type="radio"
                    name="courierService"
                    value={service.id}
                    checked={selected === service.id}
                    onChange={() => {
                      setSelected(service.id);
                      setError(undefined);
                    }}
                    data-autofocus={service === fitting[0] ? true : undefined}
                  />
                  <CourierLogo url={service.logoUrl} size={40} />
                  <span className="service-choice__text">
                    <strong>{service.name}</strong>{' '}
                    <span className="badge">{serviceTypeLabel(service.serviceType)}</span>
                    <span className="muted">{routeLabel(service, destinations)}</span>
                    <span className="muted">
                      {tier ? pricingSummary({ ...service, weightTiers: [tier] })[0] : ''}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          <FieldError id={errorId} error={error} />
          <div className="row">
            <button type="submit" className="button button--primary" disabled={accept.isPending}>
              {accept.isPending ? 'Accepting...' : 'Accept Bid'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={onClose}
              disabled={accept.isPending}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
