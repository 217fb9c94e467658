import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { describeError, isApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { CopyButton } from './CopyButton';
import { OriginsEditor } from './OriginsEditor';
import { checkOrigins, serverOriginErrors } from './origins';
import { type Partner, partnerApi, partnerKeys } from './partner.api';

/** The widget's publishable key, its limits, and the sites it may run on (edited as a list). */
export function PublishableKeySection({ partner }: { partner: Partner }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [origins, setOrigins] = useState<string[]>(partner.allowedOrigins);
  const [errors, setErrors] = useState<{ rows: Record<number, string>; list?: string }>({ rows: {} });
  const dirty = origins.join('\n') !== partner.allowedOrigins.join('\n');

  const save = useMutation({
    mutationFn: (list: string[]) => partnerApi.saveOrigins(apiClient, list),
    onSuccess: (saved) => {
      queryClient.setQueryData(partnerKeys.partner(), saved);
      // The server writes origins in one form (lower case, default port dropped): show that.
      setOrigins(saved.allowedOrigins);
      toast.success('Allowed origins saved');
    },
    onError: (error) => {
      if (isApiError(error, 422)) setErrors(serverOriginErrors(error.problem.errors));
      else toast.error(describeError(error));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const list = origins.map((o) => o.trim());
    const found = checkOrigins(list);
    setErrors(found);
    if (found.list || Object.keys(found.rows).length > 0) return;
    save.mutate(list);
  }

  return (
    <section className="partner-section" aria-labelledby="partner-publishable" id="publishable-key">
      <h2 id="partner-publishable">Publishable key</h2>
      <div className="card stack">
        <p className="muted">
          The key in your widget snippet. It is public by design: it only asks for quotes, from the origins
          listed below.
        </p>
        <div className="partner-key">
          <code className="partner-key__value break-all" aria-label="Publishable key">
            {partner.publishableKey}
          </code>
          <CopyButton text={partner.publishableKey} label="Copy publishable key" />
        </div>
        {partner.previousKeyExpiresAt ? (
          <p className="muted">
            Your previous key keeps working until {formatDateTime(partner.previousKeyExpiresAt)}.
          </p>
        ) : null}
        <p className="muted">
          {partner.mode === 'test' ? 'Test mode: payments are TEST MODE.' : 'Live mode.'} Limits:{' '}
          {partner.limits.perClientPerMinute} quotes a minute per shopper, {partner.limits.perKeyPerMinute} a
          minute for the whole key, {partner.limits.secretKeyPerMinute} calls a minute for your secret keys.
        </p>
        <form onSubmit={submit} noValidate aria-label="Allowed origins" className="stack">
          <OriginsEditor
            value={origins}
            onChange={(next) => {
              setOrigins(next);
              setErrors({ rows: {} });
            }}
            serverErrors={errors.rows}
            listError={errors.list}
            disabled={save.isPending}
          />
          <div className="row">
            <button type="submit" className="button button--primary" disabled={!dirty || save.isPending}>
              {save.isPending ? <Spinner label="Saving" /> : 'Save origins'}
            </button>
            {dirty ? (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  setOrigins(partner.allowedOrigins);
                  setErrors({ rows: {} });
                }}
              >
                Undo changes
              </button>
            ) : null}
          </div>
        </form>
      </div>
    </section>
  );
}
