import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

interface ModalDialogOptions {
  onClose: () => void;
  /**
   * Where focus goes on opening: 'content' is the element marked `data-autofocus`, else the
   * first focusable one; 'panel' is the panel itself (a long panel read from its top).
   */
  initialFocus?: 'content' | 'panel';
  /**
   * Escape closes the dialog wherever focus is, even on <body> (a button inside turns disabled
   * while it works), not only from inside it. Dialogs opened over it stop the event first.
   */
  escapeFromDocument?: boolean;
}

/**
 * The behaviour every modal panel shares (components/Modal, the order drawer): focus moves in and
 * is kept there, the page behind is inert and does not scroll, Escape and a click on the
 * backdrop close it, and focus returns to whatever opened it. Spread `backdropProps` on the
 * backdrop and put `panelRef` on the panel (with tabIndex -1).
 */
export function useModalDialog({
  onClose,
  initialFocus = 'content',
  escapeFromDocument = false,
}: ModalDialogOptions) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Read once, on opening, like the rest of the effect.
  const options = useRef({ initialFocus, escapeFromDocument });

  useEffect(() => {
    const { initialFocus, escapeFromDocument } = options.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) {
      const preferred =
        initialFocus === 'content'
          ? (panel.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(panel)[0])
          : undefined;
      (preferred ?? panel).focus();
    }
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // The rest of the app is inert while the dialog is open, so screen readers and Tab stay inside.
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    function onEscape(event: globalThis.KeyboardEvent) {
      if (event.key === 'Escape' && !event.defaultPrevented) onCloseRef.current();
    }
    if (escapeFromDocument) document.addEventListener('keydown', onEscape);
    return () => {
      if (escapeFromDocument) document.removeEventListener('keydown', onEscape);
      document.body.style.overflow = overflow;
      root?.removeAttribute('inert');
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && !options.current.escapeFromDocument) {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusables(panelRef.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onMouseDown(event: MouseEvent<HTMLDivElement>) {
    if (event.target === event.currentTarget) onCloseRef.current();
  }

  return { panelRef, backdropProps: { onKeyDown, onMouseDown } };
}
