import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Spinner } from '../../components/Spinner';
import { describeError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { ConfirmDialog } from './ConfirmDialog';
import { DeliveryLog } from './DeliveryLog';
import { ALL_EVENTS, EndpointForm, type EndpointValues } from './EndpointForm';
import { OneTimeSecret } from './OneTimeSecret';
import { partnerApi, partnerKeys, type WebhookEndpoint } from './partner.api';
import { SectionError } from './SectionState';

/** Webhook endpoints: add (secret shown once), edit, switch on and off, delete, test, and their log. */
export function WebhooksSection() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const endpoints = useQuery({
    queryKey: partnerKeys.endpoints(),
    queryFn: ({ signal }) => partnerApi.endpoints(apiClient, signal),
  });
  const [form, setForm] = useState<{ endpoint?: WebhookEndpoint } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: partnerKeys.endpoints() });

  const save = useMutation({
    mutationFn: ({ endpoint, values }: { endpoint?: WebhookEndpoint; values: EndpointValues }) => {
      // An emptied description is cleared on an edit, and simply left out of a new endpoint.
      const description = values.description || (endpoint ? null : undefined);
      const body = {
        url: values.url,
        events: values.events,
        ...(description !== undefined ? { description } : {}),
      };
      return endpoint
        ? partnerApi.updateEndpoint(apiClient, endpoint.id, body)
        : partnerApi.createEndpoint(apiClient, body);
    },
    onSuccess: (saved, { endpoint }) => {
      void refresh();
      setForm(null);
      if (!endpoint && 'secret' in saved && typeof saved.secret === 'string') setSecret(saved.secret);
      else toast.success('Endpoint saved');
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => partnerApi.deleteEndpoint(apiClient, id),
    onSuccess: () => {
      void refresh();
      setDeleting(null);
      toast.success('Endpoint deleted: it gets no more events');
    },
    onError: (error) => toast.error(describeError(error)),
  });

  return (
    <section className="partner-section" aria-labelledby="partner-webhooks" id="webhooks">
      <div className="row row--between">
        <h2 id="partner-webhooks">Webhook endpoints</h2>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            save.reset();
            setForm({});
          }}
        >
          Add endpoint
        </button>
      </div>
      <p className="muted">
        Consign sends your server a signed POST for every event you choose, retries for 72 hours, and keeps a
        log of every attempt here.
      </p>
      {endpoints.isPending ? (
        <div className="page-state page-state--compact">
          <Spinner size="md" label="Loading your endpoints" />
        </div>
      ) : endpoints.isError ? (
        <SectionError message={describeError(endpoints.error)} onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <p className="card empty-state">
          No endpoints yet. Add one to hear about bookings and order changes.
        </p>
      ) : (
        <ul className="plain-list stack">
          {endpoints.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onEdit={() => {
                save.reset();
                setForm({ endpoint });
              }}
              onDelete={() => setDeleting(endpoint)}
            />
          ))}
        </ul>
      )}

      {form ? (
        <EndpointForm
          endpoint={form.endpoint}
          busy={save.isPending}
          error={save.error}
          onClose={() => setForm(null)}
          onSubmit={(values) => save.mutate({ endpoint: form.endpoint, values })}
        />
      ) : null}
      {secret ? (
        <OneTimeSecret title="Your endpoint's signing secret" secret={secret} onClose={() => setSecret(null)}>
          <p>
            Your server checks each event's <code>Consign-Signature</code> header with this secret, to know it
            came from Consign. The <a href="/docs/partners#verifying-a-webhook-in-node">partner guide</a>{' '}
            shows how, in ten lines.
          </p>
        </OneTimeSecret>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete this endpoint?"
          confirmLabel="Delete endpoint"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting.id)}
          onCancel={() => setDeleting(null)}
        >
          <p>
            <span className="break-all">{deleting.url}</span> gets no more events, and its delivery log is
            gone. To pause it instead, disable it.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function EndpointCard({
  endpoint,
  onEdit,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [logOpen, setLogOpen] = useState(false);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const logId = `endpoint-log-${endpoint.id}`;

  const toggle = useMutation({
    mutationFn: (enabled: boolean) => partnerApi.updateEndpoint(apiClient, endpoint.id, { enabled }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: partnerKeys.endpoints() });
      toast.success(
        saved.enabled
          ? 'Endpoint enabled: events it missed are being sent'
          : 'Endpoint disabled: events wait until you enable it',
      );
    },
    onError: (error) => toast.error(describeError(error)),
  });
  const test = useMutation({
    mutationFn: () => partnerApi.testEndpoint(apiClient, endpoint.id),
    onSuccess: () => {
      toast.success('Test event sent: its result shows in the delivery log');
      setLogOpen(true);
      setSentAt(Date.now());
      void queryClient.invalidateQueries({ queryKey: partnerKeys.deliveries(endpoint.id) });
    },
    onError: (error) => toast.error(describeError(error)),
  });

  return (
    <li className="card stack partner-endpoint">
      <div className="row row--between partner-endpoint__head">
        <h3 className="partner-endpoint__url break-all">{endpoint.url}</h3>
        <span className={`status-badge status-badge--${endpoint.enabled ? 'green' : 'grey'}`}>
          {endpoint.enabled ? 'Enabled' : 'Disabled'}
        </span>
      </div>
      {endpoint.description ? <p>{endpoint.description}</p> : null}
      {!endpoint.enabled && endpoint.disabledReason ? (
        <p className="alert alert--error">{endpoint.disabledReason}</p>
      ) : null}
      <p className="muted partner-endpoint__events">
        Events:{' '}
        {endpoint.events.includes(ALL_EVENTS)
          ? 'all events'
          : endpoint.events.map((e, i) => (
              <span key={e}>
                {i > 0 ? ', ' : null}
                <code>{e}</code>
              </span>
            ))}
      </p>
      <div className="row partner-row-actions">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => test.mutate()}
          disabled={test.isPending || !endpoint.enabled}
        >
          {test.isPending ? <Spinner label="Sending" /> : 'Send test event'}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onEdit}>
          Edit
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => toggle.mutate(!endpoint.enabled)}
          disabled={toggle.isPending}
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onDelete}>
          Delete
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={logOpen}
          aria-controls={logId}
          onClick={() => setLogOpen((v) => !v)}
        >
          {logOpen ? 'Hide delivery log' : 'Show delivery log'}
        </button>
      </div>
      <div id={logId}>{logOpen ? <DeliveryLog endpointId={endpoint.id} sentAt={sentAt} /> : null}</div>
    </li>
  );
}
