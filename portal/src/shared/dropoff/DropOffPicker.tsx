import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../components/Spinner';
import { describeError } from '../api/client';
import { type DropOffPointOption, type DropOffSearch, dropOffApi, dropOffKeys } from './api';
import { describeDay, describeMiles, weekRows } from './hours';
import './dropoff.css';

export interface DropOffPickerProps {
  /** What to look for; null until the sender's postcode is known. */
  search: DropOffSearch | null;
  /** The chosen point's id, or '' / null. */
  value: string | null;
  onChoose: (point: DropOffPointOption) => void;
  /** Names the list (the section's heading). */
  labelId: string;
  /** The form's message for the field, when it is invalid. */
  error?: string | undefined;
  errorId?: string | undefined;
}

const pointLine = (p: DropOffPointOption) =>
  `${p.name}, ${[p.address.line1, p.address.town, p.address.postcode].join(', ')}, ${describeMiles(p.distanceMiles)} away`;

/**
 * The nearest drop-off points as a list first (a map is optional and not here): the list is one
 * tab stop; the arrow keys move through the points, Home and End jump, Enter or Space chooses.
 * How many were found and what was chosen are announced in a live region. A point that is closed
 * that day or too small for the parcel stays in the list, marked, and cannot be chosen.
 */
export function DropOffPicker({ search, value, onChoose, labelId, error, errorId }: DropOffPickerProps) {
  const result = useQuery({
    queryKey: dropOffKeys.search(search ?? { postcode: '', serviceId: '' }),
    queryFn: ({ signal }) => dropOffApi.search(search as DropOffSearch, signal),
    enabled: search !== null,
    staleTime: 60_000,
  });
  const points = result.data?.items ?? [];
  const listId = useId();
  const helpId = useId();
  const [active, setActive] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);

  // A new list starts on the chosen point when it is in it, else on the nearest; only a new answer
  // does this, so choosing never moves the active point.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new answer only
  useEffect(() => {
    const chosen = points.findIndex((p) => p.id === value);
    setActive(chosen >= 0 ? chosen : 0);
    if (result.data) {
      const count = result.data.items.length;
      setAnnouncement(
        count === 0
          ? `No drop-off points found near ${result.data.postcode}.`
          : `${count} drop-off ${count === 1 ? 'point' : 'points'} near ${result.data.postcode}, nearest first. Use the arrow keys to move and Enter to choose.`,
      );
    }
  }, [result.data]);

  const activePoint = points[active];
  useEffect(() => {
    if (!activePoint) return;
    document.getElementById(`${listId}-${activePoint.id}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activePoint, listId]);

  function choose(point: DropOffPointOption, index: number) {
    setActive(index);
    if (!point.available) {
      setAnnouncement(`${point.name} cannot be chosen: ${point.unavailableReason ?? 'it is not available'}.`);
      return;
    }
    onChoose(point);
    setAnnouncement(`Chosen: ${pointLine(point)}. ${describeDay(point.hoursOnDate)}.`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (points.length === 0) return;
    const last = points.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      setActive(Math.max(0, Math.min(last, index)));
    };
    if (event.key === 'ArrowDown') move(active + 1);
    else if (event.key === 'ArrowUp') move(active - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(last);
    else if ((event.key === 'Enter' || event.key === ' ') && activePoint) {
      event.preventDefault();
      choose(activePoint, active);
    }
  }

  let body: ReactNode;
  if (search === null) {
    body = <p className="muted">Enter the collection postcode above to see the nearest drop-off points.</p>;
  } else if (result.isPending) {
    body = <Spinner label="Finding drop-off points" size="md" />;
  } else if (result.isError) {
    body = (
      <div className="alert alert--error" role="alert">
        <p>{describeError(result.error)}</p>
        <button type="button" className="button button--secondary" onClick={() => void result.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (points.length === 0) {
    body = (
      <p className="muted">
        This courier has no drop-off points near {result.data.postcode}. Choose another courier, or one that
        collects from your door.
      </p>
    );
  } else {
    body = (
      <>
        <p id={helpId} className="muted dropoff-picker__help">
          {points.length} {points.length === 1 ? 'point' : 'points'} near {result.data.postcode}, nearest
          first.
          {result.data.centroid === 'area' ? ' Distances are rough (by postcode area).' : ''} Use the arrow
          keys to move and Enter to choose.
        </p>
        <ul
          ref={listRef}
          className="dropoff-picker__list"
          role="listbox"
          tabIndex={0}
          aria-labelledby={labelId}
          aria-describedby={helpId}
          aria-activedescendant={activePoint ? `${listId}-${activePoint.id}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-errormessage={error ? errorId : undefined}
          aria-required="true"
          onKeyDown={onKeyDown}
        >
          {points.map((point, index) => (
            <li
              key={point.id}
              id={`${listId}-${point.id}`}
              role="option"
              aria-selected={point.id === value}
              aria-disabled={point.available ? undefined : true}
              className={[
                'dropoff-point',
                index === active ? 'dropoff-point--active' : '',
                point.id === value ? 'dropoff-point--chosen' : '',
                point.available ? '' : 'dropoff-point--unavailable',
              ].join(' ')}
              onClick={() => choose(point, index)}
            >
              <span className="dropoff-point__head">
                <span className="dropoff-point__name">{point.name}</span>
                <span className="dropoff-point__distance">{describeMiles(point.distanceMiles)}</span>
              </span>
              <span className="dropoff-point__address">
                {[point.address.line1, point.address.line2, point.address.town, point.address.postcode]
                  .filter(Boolean)
                  .join(', ')}
              </span>
              <span className="dropoff-point__hours">{describeDay(point.hoursOnDate)}</span>
              <span className="dropoff-point__weight">
                Parcels up to {point.maxWeightKg} kg
                {point.takesWeight === false ? ': too heavy for this point' : ''}
              </span>
              {point.available ? null : (
                <span className="dropoff-point__why">Not available: {point.unavailableReason}</span>
              )}
              {point.id === value ? <span className="dropoff-point__badge">Chosen</span> : null}
            </li>
          ))}
        </ul>
        {activePoint ? <WeekHours point={activePoint} /> : null}
      </>
    );
  }

  return (
    <div className="dropoff-picker">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {body}
    </div>
  );
}

function WeekHours({ point }: { point: DropOffPointOption }) {
  return (
    <details className="dropoff-week">
      <summary>Opening hours of {point.name}</summary>
      <table className="dropoff-week__table">
        <tbody>
          {weekRows(point.openingHours).map(([day, hours]) => (
            <tr key={day}>
              <th scope="row">{day}</th>
              <td>{hours}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
