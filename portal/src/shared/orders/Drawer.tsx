import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalDialog } from '../../components/useModalDialog';

interface DrawerProps {
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A side panel over the page (the order detail): a modal dialog like components/Modal — focus
 * moves in and stays, the page behind is inert, Escape and a click outside close it, and focus
 * returns to the button that opened it. It opens focused on itself, so it is read from the top.
 */
export function Drawer({ labelledBy, onClose, children }: DrawerProps) {
  const { panelRef, backdropProps } = useModalDialog({
    onClose,
    initialFocus: 'panel',
    escapeFromDocument: true,
  });

  return createPortal(
    <div className="drawer-backdrop" {...backdropProps}>
      <div
        ref={panelRef}
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
