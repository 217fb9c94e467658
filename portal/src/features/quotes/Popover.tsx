import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CloseButton } from '../../components/CloseButton';

interface PopoverProps {
  /** The dialog's name, shown as its heading. */
  title: string;
  /** What the trigger button shows; its accessible name is `triggerLabel` when given, else `title`. */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName?: string;
  children: ReactNode;
}

/**
 * A small non-modal dialog opened by a button: focus moves into it, Escape or a click outside
 * closes it and focus goes back to the button. Tabbing out of it also closes it.
 */
export function Popover({ title, trigger, triggerLabel, triggerClassName, children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    function onPointerDown(event: PointerEvent | MouseEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  return (
    <span
      className="popover"
      ref={rootRef}
      onKeyDown={(event) => {
        if (open && event.key === 'Escape') {
          event.stopPropagation();
          close(true);
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={triggerClassName}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        aria-label={triggerLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          className="popover__panel"
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          onBlur={(event) => {
            const next = event.relatedTarget as Node | null;
            if (next && !rootRef.current?.contains(next)) close(false);
          }}
        >
          <div className="popover__header">
            <h3 id={titleId} className="popover__title">
              {title}
            </h3>
            <CloseButton className="popover__close" size={18} onClick={() => close(true)} />
          </div>
          <div className="popover__body">{children}</div>
        </div>
      ) : null}
    </span>
  );
}
