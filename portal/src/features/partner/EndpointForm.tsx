import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FieldError, TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { describeError, isApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { partnerApi, partnerKeys, type WebhookEndpoint } from './partner.api';

/** Subscribes an endpoint to every event type, present and future. */
export const ALL_EVENTS = '*';

export interface EndpointValues {
  url: string;
  events: string[];
  description: string;
}

/** Why a URL cannot be an endpoint, before asking the server (which also checks where it points). */
export function endpointUrlError(value: string): string | undefined {
  if (!value.trim()) return 'Write the address Consign should send events to';
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'Write a full address, such as https://shop.example/webhooks/consign';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The address starts with https://';
  return undefined;
}

/** Create or edit an endpoint: its URL, an optional note, and the events it receives. */
export function EndpointForm({
  endpoint,
  onSubmit,
  onClose,
  busy,
  error,
}: {
  endpoint?: WebhookEndpoint;
  onSubmit: (values: EndpointValues) => void;
  onClose: () => void;
  busy: boolean;
  /** The refused save, if any: its field errors are shown under their fields. */
  error: unknown;
}) {
  const id = useId();
  const { apiClient } = useAuth();
  const types = useQuery({
    queryKey: partnerKeys.eventTypes(),
    queryFn: ({ signal }) => partnerApi.eventTypes(apiClient, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [values, setValues] = useState<EndpointValues>({
    url: endpoint?.url ?? '',
    events: endpoint?.events ?? [],
    description: endpoint?.description ?? '',
  });
  const [checked, setChecked] = useState(false);
  const server = isApiError(error, 422) ? (error.problem.errors ?? []) : [];
  const serverError = (field: string) =>
    server.find((e) => e.path === field || e.path.startsWith(`${field}.`))?.message;
  const urlError = checked ? (endpointUrlError(values.url) ?? serverError('url')) : serverError('url');
  const eventsError =
    checked && values.events.length === 0 ? 'Choose at least one event' : serverError('events');
  const otherError = error && !isApiError(error, 422) ? describeError(error) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (endpointUrlError(values.url) || values.events.length === 0) return;
    onSubmit({ ...values, url: values.url.trim(), description: values.description.trim() });
  }

  const selectable = (types.data ?? []).filter((t) => t.type !== 'ping');
  // '*' is every event, those added later included; the single boxes then show as chosen.
  const allChosen = values.events.includes(ALL_EVENTS);

  return (
    <Modal title={endpoint ? 'Edit webhook endpoint' : 'Add a webhook endpoint'} onClose={onClose} size="md">
      <form
        className="stack"
        onSubmit={submit}
        noValidate
        aria-label={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      >
        <TextField
          label="Endpoint URL"
          type="url"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="https://shop.example/webhooks/consign"
          value={values.url}
          error={urlError}
          onChange={(event) => setValues({ ...values, url: event.target.value })}
          data-autofocus
        />
        <TextField
          label="Description (optional)"
          value={values.description}
          maxLength={200}
          error={serverError('description')}
          onChange={(event) => setValues({ ...values, description: event.target.value })}
        />
        <fieldset
          className="partner-events"
          aria-describedby={eventsError ? `${id}-events-error` : undefined}
        >
          <legend className="field__label">Events to send</legend>
          {types.isPending ? (
            <Spinner label="Loading the event types" />
          ) : types.isError ? (
            <p className="alert alert--error" role="alert">
              {describeError(types.error)}
            </p>
          ) : (
            <>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={allChosen}
                  onChange={(event) =>
                    setValues({ ...values, events: event.target.checked ? [ALL_EVENTS] : [] })
                  }
                />
                <span>
                  All events <span className="muted">(and any added later)</span>
                </span>
              </label>
              <ul className="plain-list partner-events__list">
                {selectable.map((t) => (
                  <li key={t.type}>
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={allChosen || values.events.includes(t.type)}
                        disabled={allChosen}
                        onChange={(event) =>
                          setValues({
                            ...values,
                            events: event.target.checked
                              ? [...values.events, t.type]
                              : values.events.filter((e) => e !== t.type),
                          })
                        }
                      />
                      <span>
                        <code>{t.type}</code> <span className="muted">{t.description}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </>
          )}
          <FieldError id={`${id}-events-error`} error={eventsError} />
        </fieldset>
        {otherError ? (
          <p className="alert alert--error" role="alert">
            {otherError}
          </p>
        ) : null}
        <div className="row partner-end">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? <Spinner label="Saving" /> : endpoint ? 'Save endpoint' : 'Add endpoint'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
