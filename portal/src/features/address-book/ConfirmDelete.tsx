import type { ReactNode } from 'react';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';

/** "Delete this?" before an entry goes: Cancel is the first focus. */
export function ConfirmDelete({
  title,
  children,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={title} onClose={onCancel}>
      <div className="stack">
        {children}
        <div className="row address-book__actions">
          <button type="button" className="button button--secondary" onClick={onCancel} data-autofocus>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
            {busy ? <Spinner label="Deleting" /> : 'Delete'}
          </button>
        </div>
      </div>
    </Modal>
  );
}
