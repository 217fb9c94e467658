import { formatMoney } from '@consign/shared/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { saveErrorMessage } from '../../shared/api/client';
import { type CourierService, couriersApi, couriersQueryKey } from '../../shared/api/courier-services';
import { useAuth } from '../../shared/auth/auth';
import { CourierLogo } from '../../shared/components/CourierLogo';
import { pricingSummary, routeLabel } from '../../shared/courier-services/describe';
import { useQuoteReferenceData } from '../../shared/quotes/referenceData';
import { SERVICE_TYPE_LABELS } from './courierForm';
import { VendorOnly } from './VendorOnly';
import './courier-services.css';

export const DELETE_QUESTION = 'Are you sure you want to delete this courier service?';

export function CourierServicesPage() {
  usePageTitle('Courier Services');
  return (
    <VendorOnly>
      <CourierServices />
    </VendorOnly>
  );
}

function CourierServices() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<CourierService | null>(null);
  const destinations = useQuoteReferenceData().data.internationalDestinations;

  const list = useQuery({
    queryKey: couriersQueryKey,
    queryFn: ({ signal }) => couriersApi.list(apiClient, signal),
  });

  useEffect(() => {
    if (list.isError) toast.error('Failed to fetch courier services', { toastId: 'couriers-fetch' });
  }, [list.isError]);

  const remove = useMutation({
    mutationFn: (service: CourierService) => couriersApi.remove(apiClient, service.id),
    onSuccess: () => {
      toast.success('Courier service deleted successfully!');
      setToDelete(null);
    },
    onError: (error) => {
      toast.error(saveErrorMessage(error, 'Failed to delete courier service'));
      setToDelete(null);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: couriersQueryKey }),
  });

  const services = list.data?.items ?? [];

  return (
    <section className="container page courier-services">
      <header className="page-header row row--between">
        <div>
          <h1>Courier Services</h1>
          <p className="muted">The services and prices customers see in their quotes.</p>
        </div>
        <Link to="/add-courier" className="button button--primary">
          Add Courier
        </Link>
      </header>

      {list.isPending ? (
        <div className="page-state">
          <Spinner size="lg" label="Loading courier services" />
        </div>
      ) : list.isError ? (
        <div className="card empty-state">
          <h2>Could not load your courier services</h2>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void list.refetch()}
            disabled={list.isFetching}
          >
            Try again
          </button>
        </div>
      ) : services.length === 0 ? (
        <div className="card empty-state">
          <h2>No courier services yet</h2>
          <p className="muted">Add a service with its route and weight prices to start receiving orders.</p>
          <Link to="/add-courier" className="button button--primary">
            Add Your First Courier
          </Link>
        </div>
      ) : (
        <div className="card courier-table__wrap">
          <table className="courier-table">
            <caption className="visually-hidden">Your courier services</caption>
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col">Type</th>
                <th scope="col">Route</th>
                <th scope="col">Currency</th>
                <th scope="col">Pricing</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {services.map((service) => (
                <tr key={service.id}>
                  <th scope="row" data-label="Service">
                    <span className="courier-table__service">
                      <CourierLogo url={service.logoUrl} size={40} />
                      <span>{service.name}</span>
                    </span>
                  </th>
                  <td data-label="Type">{SERVICE_TYPE_LABELS[service.serviceType]}</td>
                  <td data-label="Route">{routeLabel(service, destinations)}</td>
                  <td data-label="Currency">{service.currency}</td>
                  <td data-label="Pricing">
                    <PricingSummary service={service} />
                  </td>
                  <td data-label="Status">
                    <StatusLabel status={service.status} />
                  </td>
                  <td className="courier-table__actions">
                    <Link
                      to={`/edit-courier/${encodeURIComponent(service.id)}`}
                      className="button button--secondary button--small"
                      aria-label={`Edit ${service.name}`}
                    >
                      Edit
                    </Link>
                    <button
                      type="button"
                      className="button button--danger button--small"
                      aria-label={`Delete ${service.name}`}
                      onClick={() => setToDelete(service)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {toDelete ? (
        <Modal
          title="Delete courier service"
          onClose={() => (remove.isPending ? undefined : setToDelete(null))}
        >
          <div className="stack">
            <p>{DELETE_QUESTION}</p>
            <p className="muted">
              <strong>{toDelete.name}</strong> will no longer appear in quotes. Orders already placed are
              kept.
            </p>
            <div className="row row--between">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setToDelete(null)}
                disabled={remove.isPending}
                data-autofocus
              >
                Cancel
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={() => remove.mutate(toDelete)}
                disabled={remove.isPending}
              >
                {remove.isPending ? <Spinner label="Deleting" /> : 'Delete'}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

function PricingSummary({ service }: { service: CourierService }) {
  return (
    <ul className="courier-table__pricing">
      {pricingSummary(service).map((line) => (
        <li key={line}>{line}</li>
      ))}
      {service.sameDay ? (
        <li className="muted">
          {formatMoney(service.sameDay.baseFee, service.currency)} +{' '}
          {formatMoney(service.sameDay.perMile, service.currency)}/mile, min{' '}
          {formatMoney(service.sameDay.minimumFee, service.currency)}
        </li>
      ) : null}
    </ul>
  );
}

function StatusLabel({ status }: { status: string }) {
  const active = status === 'active';
  return (
    <span className={`status-label status-label--${active ? 'active' : 'inactive'}`}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" fill="currentColor" />
        {active ? (
          <path
            d="M8 12.5l2.8 2.8L16.5 9.5"
            fill="none"
            stroke="#fff"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        ) : (
          <path d="M9 9l6 6M15 9l-6 6" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        )}
      </svg>
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}
