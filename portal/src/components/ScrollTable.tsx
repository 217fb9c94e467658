import type { ReactNode } from 'react';

interface ScrollTableProps {
  /** The table's caption (read by screen readers only) and the name of its scrolling region. */
  caption: string;
  /** Classes of the table beside `data-table`. */
  className?: string;
  /** Classes of the scrolling box beside `table-scroll` (a card, for example). */
  boxClassName?: string;
  id?: string;
  children: ReactNode;
}

/**
 * A data table that scrolls sideways on a narrow screen. The scrolling box is a named region in
 * the tab order, so a keyboard can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollTable({ caption, className, boxClassName, id, children }: ScrollTableProps) {
  return (
    <div
      className={boxClassName ? `${boxClassName} table-scroll` : 'table-scroll'}
      id={id}
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className={className ? `data-table ${className}` : 'data-table'}>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
