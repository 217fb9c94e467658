import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Modal } from '../../components/Modal';
import { ScrollTable } from '../../components/ScrollTable';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { describeError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { ConfirmDialog } from './ConfirmDialog';
import { OneTimeSecret } from './OneTimeSecret';
import { DEFAULT_GRACE_HOURS, partnerApi, partnerKeys, type SecretKey } from './partner.api';
import { SectionError } from './SectionState';

const GRACE_CHOICES = [1, 24, 72, 168] as const;
const graceLabel = (hours: number) =>
  hours < 24 ? `${hours} hour` : `${hours / 24} day${hours > 24 ? 's' : ''}`;

const KEY_STATUS: Record<SecretKey['status'], { label: string; tone: string }> = {
  active: { label: 'Active', tone: 'green' },
  expiring: { label: 'Expiring', tone: 'yellow' },
  revoked: { label: 'Revoked', tone: 'grey' },
};

/** Server-to-server keys: made here, shown once, rotated with a grace period, revoked. */
export function SecretKeysSection() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const keys = useQuery({
    queryKey: partnerKeys.secretKeys(),
    queryFn: ({ signal }) => partnerApi.secretKeys(apiClient, signal),
  });
  const [shown, setShown] = useState<{ title: string; secret: string; note?: string } | null>(null);
  const [rotating, setRotating] = useState<SecretKey | null>(null);
  const [grace, setGrace] = useState<number>(DEFAULT_GRACE_HOURS);
  const [revoking, setRevoking] = useState<SecretKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: partnerKeys.secretKeys() });

  const create = useMutation({
    mutationFn: () => partnerApi.createSecretKey(apiClient),
    onSuccess: (key) => {
      void refresh();
      setShown({ title: 'Your new secret key', secret: key.secret });
    },
    onError: (error) => toast.error(describeError(error)),
  });
  const rotate = useMutation({
    mutationFn: ({ id, hours }: { id: string; hours: number }) =>
      partnerApi.rotateSecretKey(apiClient, id, hours),
    onSuccess: ({ key, previous }) => {
      void refresh();
      setRotating(null);
      setShown({
        title: 'Your new secret key',
        secret: key.secret,
        note: previous.expiresAt
          ? `The old key ${previous.prefix}… keeps working until ${formatDateTime(previous.expiresAt)}. Deploy the new one before then.`
          : undefined,
      });
    },
    onError: (error) => toast.error(describeError(error)),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => partnerApi.revokeSecretKey(apiClient, id),
    onSuccess: (key) => {
      void refresh();
      setRevoking(null);
      toast.success(`Key ${key.prefix}… revoked: it no longer works`);
    },
    onError: (error) => toast.error(describeError(error)),
  });

  return (
    <section className="partner-section" aria-labelledby="partner-secret-keys" id="secret-keys">
      <div className="row row--between">
        <h2 id="partner-secret-keys">Secret keys</h2>
        <button
          type="button"
          className="button button--primary"
          onClick={() => create.mutate()}
          disabled={create.isPending}
        >
          {create.isPending ? <Spinner label="Creating" /> : 'Create secret key'}
        </button>
      </div>
      <p className="muted">
        For your server only, as <code>Authorization: Bearer sk_…</code>: read your orders and manage
        webhooks. Never put one in a web page; a request with a secret key from a browser is refused.
      </p>
      {keys.isPending ? (
        <div className="page-state page-state--compact">
          <Spinner size="md" label="Loading your secret keys" />
        </div>
      ) : keys.isError ? (
        <SectionError message={describeError(keys.error)} onRetry={() => void keys.refetch()} />
      ) : keys.data.length === 0 ? (
        <p className="card empty-state">
          No secret keys yet. Create one when your server needs to call Consign.
        </p>
      ) : (
        <ScrollTable caption="Your secret keys" boxClassName="card table-card">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Works until</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.data.map((key) => (
              <tr key={key.id}>
                <th scope="row">
                  <code>{key.prefix}…</code>
                </th>
                <td>
                  <span className={`status-badge status-badge--${KEY_STATUS[key.status].tone}`}>
                    {KEY_STATUS[key.status].label}
                  </span>
                </td>
                <td>{formatDateTime(key.createdAt)}</td>
                <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</td>
                <td>{key.expiresAt ? formatDateTime(key.expiresAt) : '—'}</td>
                <td>
                  {key.status === 'revoked' ? null : (
                    <div className="row partner-row-actions">
                      {key.status === 'active' ? (
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={`Rotate key ${key.prefix}`}
                          onClick={() => {
                            setGrace(DEFAULT_GRACE_HOURS);
                            setRotating(key);
                          }}
                        >
                          Rotate
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={`Revoke key ${key.prefix}`}
                        onClick={() => setRevoking(key)}
                      >
                        Revoke
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}

      {shown ? (
        <OneTimeSecret title={shown.title} secret={shown.secret} onClose={() => setShown(null)}>
          {shown.note ? <p>{shown.note}</p> : null}
        </OneTimeSecret>
      ) : null}

      {rotating ? (
        <Modal title={`Rotate key ${rotating.prefix}…`} onClose={() => setRotating(null)}>
          <form
            className="stack"
            onSubmit={(event) => {
              event.preventDefault();
              rotate.mutate({ id: rotating.id, hours: grace });
            }}
          >
            <p>
              You get a new key at once. The old one keeps working for the time you choose, so you can deploy
              the new one without a gap.
            </p>
            <fieldset className="choice">
              <legend className="field__label">Keep the old key working for</legend>
              <div className="choice__options">
                {GRACE_CHOICES.map((hours) => (
                  <label key={hours} className="choice__option">
                    <input
                      type="radio"
                      name="grace"
                      value={hours}
                      checked={grace === hours}
                      onChange={() => setGrace(hours)}
                    />{' '}
                    {graceLabel(hours)}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="row partner-end">
              <button type="button" className="button button--secondary" onClick={() => setRotating(null)}>
                Cancel
              </button>
              <button type="submit" className="button button--primary" disabled={rotate.isPending}>
                {rotate.isPending ? <Spinner label="Rotating" /> : 'Rotate key'}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}

      {revoking ? (
        <ConfirmDialog
          title={`Revoke key ${revoking.prefix}…?`}
          confirmLabel="Revoke key"
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate(revoking.id)}
          onCancel={() => setRevoking(null)}
        >
          <p>
            Calls with this key are refused from now on. This cannot be undone: any server still using it
            stops working until you give it another key.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
