import type { ReactNode } from 'react';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" for the actions that cannot be undone (revoke a key, delete an endpoint). */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel}>
      <div className="stack">
        {children}
        <div className="row partner-end">
          <button type="button" className="button button--secondary" onClick={onCancel} data-autofocus>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
            {busy ? <Spinner label="Working" /> : confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
