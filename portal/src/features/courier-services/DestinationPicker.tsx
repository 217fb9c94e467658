import { useId, useMemo, useState } from 'react';
import { FieldError } from '../../components/Field';
import type { Country } from '../../shared/api/quotes';

interface DestinationPickerProps {
  destinations: readonly Country[];
  mode: 'any' | 'selected';
  selected: readonly string[];
  onModeChange: (mode: 'any' | 'selected') => void;
  onSelectedChange: (codes: string[]) => void;
  error?: string;
}

/** International destinations: anywhere, or a chosen list (a filterable set of checkboxes). */
export function DestinationPicker({
  destinations,
  mode,
  selected,
  onModeChange,
  onSelectedChange,
  error,
}: DestinationPickerProps) {
  const [filter, setFilter] = useState('');
  const name = useId();
  const filterId = useId();
  const errorId = useId();

  // Codes saved earlier that the list no longer offers stay visible, so they can be removed.
  const options = useMemo(() => {
    const known = new Set(destinations.map((d) => d.code));
    const extra = selected.filter((code) => !known.has(code)).map((code) => ({ code, name: code }));
    return [...destinations, ...extra];
  }, [destinations, selected]);
  const query = filter.trim().toLowerCase();
  const visible = query
    ? options.filter((d) => d.name.toLowerCase().includes(query) || d.code.toLowerCase() === query)
    : options;

  function toggle(code: string, checked: boolean) {
    onSelectedChange(checked ? [...selected, code] : selected.filter((c) => c !== code));
  }

  return (
    <fieldset className="destination-picker" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">Destinations</legend>
      <div className="destination-picker__modes">
        <label className="checkbox">
          <input type="radio" name={name} checked={mode === 'any'} onChange={() => onModeChange('any')} />
          Any destination
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name={name}
            checked={mode === 'selected'}
            onChange={() => onModeChange('selected')}
          />
          Only the countries I choose
        </label>
      </div>
      {mode === 'selected' ? (
        <div className="destination-picker__choose">
          <div className="field">
            <label className="field__label" htmlFor={filterId}>
              Find a country
            </label>
            <input
              id={filterId}
              className="input"
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              autoComplete="off"
            />
          </div>
          <p className="muted destination-picker__count" aria-live="polite">
            {selected.length} selected
          </p>
          <ul className="destination-picker__list">
            {visible.map((country) => (
              <li key={country.code}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={selected.includes(country.code)}
                    onChange={(event) => toggle(country.code, event.target.checked)}
                  />
                  {country.name}
                </label>
              </li>
            ))}
            {visible.length === 0 ? <li className="muted">No country matches “{filter}”.</li> : null}
          </ul>
        </div>
      ) : null}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
