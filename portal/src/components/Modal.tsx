import { type ReactNode, useId } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from './CloseButton';
import { useModalDialog } from './useModalDialog';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Visually hide the title (it still names the dialog). */
  hideTitle?: boolean;
  size?: 'sm' | 'md';
}

/**
 * An accessible modal dialog: rendered over the page in a portal, focus moves into it and is
 * kept there, Escape and a click on the backdrop close it, and focus returns to whatever opened it.
 * Content can mark its preferred first focus with `data-autofocus`.
 */
export function Modal({ title, onClose, children, hideTitle = false, size = 'sm' }: ModalProps) {
  const titleId = useId();
  const { panelRef, backdropProps } = useModalDialog({ onClose });

  return createPortal(
    <div className="modal-backdrop" {...backdropProps}>
      <div
        ref={panelRef}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal__header">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>
            {title}
          </h2>
          <CloseButton className="modal__close" onClick={onClose} />
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
