import { PLACED_ORDER_STATUSES, statusLabel } from '@consign/shared/statuses';
import { useEffect, useId, useRef, useState } from 'react';
import type { VendorOrderFilters, VendorOrderStatus } from '../../shared/api/vendor-orders';

/** How long typing rests before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

export const STATUS_FILTERS: { value: '' | VendorOrderStatus; label: string }[] = [
  { value: '', label: 'All Statuses' },
  // One spelling everywhere: the labels the badges show.
  ...PLACED_ORDER_STATUSES.map((value) => ({
    value,
    label: statusLabel(value),
  })),
];

export function Filters({
  filters,
  onChange,
}: {
  filters: VendorOrderFilters;
  onChange: (changes: Record<string, string | undefined>) => void;
}) {
  const id = useId();
  const [text, setText] = useState(filters.q ?? '');
  const [dateError, setDateError] = useState<string | null>(null);
  // The parent's callback changes with every render; the debounce must not restart with it.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // Follow the address when it changes elsewhere (Clear filters, back button).
  useEffect(() => setText(filters.q ?? ''), [filters.q]);

  useEffect(() => {
    if ((text.trim() || undefined) === filters.q) return;
    const timer = setTimeout(() => onChangeRef.current({ q: text.trim() || undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q]);

  function setDate(key: 'from' | 'to', value: string) {
    const from = key === 'from' ? value : filters.from;
    const to = key === 'to' ? value : filters.to;
    if (from && to && to < from) {
      setDateError('The To date must not be before the From date');
      return;
    }
    setDateError(null);
    onChange({ [key]: value || undefined });
  }

  return (
    <form
      className="vendor-filters"
      role="search"
      aria-label="Filter orders"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: text.trim() || undefined });
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          Status
        </label>
        <select
          id={`${id}-status`}
          className="input input--select"
          value={filters.status ?? ''}
          onChange={(event) => onChange({ status: event.target.value || undefined })}
        >
          {STATUS_FILTERS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-from`}>
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="input"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(event) => setDate('from', event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-to`}>
          To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="input"
          value={filters.to ?? ''}
          min={filters.from}
          aria-describedby={dateError ? `${id}-date-error` : undefined}
          onChange={(event) => setDate('to', event.target.value)}
        />
      </div>
      <div className="field vendor-filters__search">
        <label className="field__label" htmlFor={`${id}-q`}>
          Search
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="input"
          placeholder="Order ID, recipient or courier"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {dateError ? (
        <p className="field__error vendor-filters__error" id={`${id}-date-error`} role="alert">
          {dateError}
        </p>
      ) : null}
    </form>
  );
}
