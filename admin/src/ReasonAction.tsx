import { useId, useState } from 'react';
import {
  Button,
  Confirm,
  type Identifier,
  type RaRecord,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { ActOptions, AdminAction, ConsignDataProvider } from './dataProvider';

interface ReasonActionProps {
  target: AdminAction;
  id: Identifier;
  /** i18n keys; `name` is passed to each as %{name}. */
  label: string;
  title: string;
  content: string;
  success: string;
  name: string;
  color?: 'primary' | 'error';
  /** More %{placeholders} for the title, content and success messages. */
  args?: Record<string, unknown>;
  /** More body fields (e.g. an order's new status). */
  body?: ActOptions['body'];
  /** Send an Idempotency-Key, new for each opening of the dialog (routes that move money). */
  idempotent?: boolean;
}

/**
 * A button that opens a dialog asking for the reason, then runs one admin action. Every change
 * staff make carries a reason (the API refuses one without and keeps it in the audit log), so
 * the dialog will not confirm until one is written.
 */
export function ReasonAction({
  target,
  id,
  label,
  title,
  content,
  success,
  name,
  color,
  body,
  idempotent,
  args,
}: ReasonActionProps) {
  const dataProvider = useDataProvider<ConsignDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const fieldId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState('');

  const close = () => {
    setOpen(false);
    setReason('');
    setMissing(false);
  };

  const run = async () => {
    if (reason.trim() === '') {
      setMissing(true);
      document.getElementById(fieldId)?.focus();
      return;
    }
    setBusy(true);
    try {
      await dataProvider.act<RaRecord>(target, id, reason.trim(), {
        body,
        idempotencyKey: idempotent ? key : undefined,
      });
      notify(success, { type: 'success', messageArgs: { ...args, name } });
      close();
      refresh();
    } catch (error) {
      // The message is the API's problem detail (see http.ts), e.g. why the change was refused.
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        label={label}
        onClick={() => {
          setKey(crypto.randomUUID());
          setOpen(true);
        }}
        disabled={busy}
        variant={color === 'error' ? 'text' : 'contained'}
        color={color ?? 'primary'}
      />
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        translateOptions={{ ...args, name }}
        content={
          <div style={{ display: 'grid', gap: '0.5rem', minWidth: 'min(28rem, 80vw)' }}>
            <p style={{ margin: 0 }}>{translate(content, { ...args, name })}</p>
            <label htmlFor={fieldId} style={{ fontWeight: 600 }}>
              {translate('consign.reason.label')}
            </label>
            <textarea
              id={fieldId}
              value={reason}
              rows={3}
              maxLength={500}
              required
              aria-invalid={missing}
              aria-describedby={missing ? `${fieldId}-error` : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setMissing(false);
              }}
              style={{ font: 'inherit', padding: '0.5rem', width: '100%', boxSizing: 'border-box' }}
            />
            {missing && (
              <span id={`${fieldId}-error`} role="alert" style={{ color: '#b3261e' }}>
                {translate('consign.reason.required')}
              </span>
            )}
          </div>
        }
        confirm={label}
        confirmColor={color === 'error' ? 'warning' : 'primary'}
        onConfirm={() => void run()}
        onClose={close}
      />
    </>
  );
}
