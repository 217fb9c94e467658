import { OPEN_PAID_ORDER_STATUSES, ORDER_STATUS_FACTS } from '@consign/shared/statuses';
import { DRIVER_NAME_MAX, deliveryRoundProblem } from '@consign/shared/tracking';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { FieldError } from '../../components/Field';
import { ukDate } from '../../lib/format';
import { fieldErrorsOf, isApiError, saveErrorMessage } from '../../shared/api/client';
import type { OrderDetail } from '../../shared/api/orders';
import { type TrackingEventRequest, vendorOrdersApi } from '../../shared/api/vendor-orders';
import { useAuth } from '../../shared/auth/auth';

type Kind = TrackingEventRequest['kind'];

const KINDS: { value: Kind; label: string; inTransitOnly: boolean }[] = [
  { value: 'out_for_delivery', label: 'Out for delivery', inTransitOnly: true },
  { value: 'delivery_attempted', label: 'Delivery attempted', inTransitOnly: true },
  { value: 'delayed', label: 'Delayed (new expected date)', inTransitOnly: false },
  { value: 'exception', label: 'Exception (a problem)', inTransitOnly: false },
];

const OPEN = new Set<string>(OPEN_PAID_ORDER_STATUSES);

/** Events fit a paid order that is not yet delivered or cancelled. */
export const canAddEvent = (order: Pick<OrderDetail, 'status'>) => OPEN.has(order.status);

/** The drawer's "Add tracking event": what the recipient's page and emails say between statuses. */
export function AddEventForm({
  order,
  onCancel,
  onSaved,
}: {
  order: OrderDetail;
  onCancel: () => void;
  onSaved: (order: OrderDetail) => void;
}) {
  const id = useId();
  const { apiClient } = useAuth();
  const kinds = KINDS.filter(
    (k) => !k.inTransitOnly || ORDER_STATUS_FACTS[order.status].stage === 'on_its_way',
  );
  const [kind, setKind] = useState<Kind>(kinds[0]?.value ?? 'delayed');
  const [note, setNote] = useState('');
  const [date, setDate] = useState('');
  const [round, setRound] = useState({ driverName: '', windowFrom: '', windowTo: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const noteRequired = kind === 'delivery_attempted' || kind === 'exception';

  const save = useMutation({
    mutationFn: (body: TrackingEventRequest) => vendorOrdersApi.addEvent(apiClient, order.id, body),
    onSuccess: (saved) => {
      toast.success('Tracking event added');
      onSaved(saved);
    },
    onError: (error) => {
      if (isApiError(error, 422)) setErrors(fieldErrorsOf(error));
      toast.error(saveErrorMessage(error, 'Failed to add the event'));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (noteRequired && !note.trim()) found.note = 'Say what happened: a note is required with this event';
    if (kind === 'delayed' && !date) found.expectedDelivery = 'Choose the new expected delivery date';
    const out = kind === 'out_for_delivery';
    const given = {
      driverName: (out && round.driverName.trim()) || null,
      windowFrom: (out && round.windowFrom) || null,
      windowTo: (out && round.windowTo) || null,
    };
    const roundProblem = deliveryRoundProblem(kind, given);
    if (roundProblem) found[roundProblem.path] = roundProblem.message;
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate({
      kind,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(kind === 'delayed' ? { expectedDelivery: date } : {}),
      ...(given.driverName ? { driverName: given.driverName } : {}),
      ...(given.windowFrom && given.windowTo
        ? { windowFrom: given.windowFrom, windowTo: given.windowTo }
        : {}),
    });
  }

  const described = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form className="card vendor-edit stack" onSubmit={submit} aria-label="Add tracking event" noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-kind`}>
          Event
        </label>
        <select
          id={`${id}-kind`}
          className="input input--select"
          value={kind}
          onChange={(e) => setKind(e.target.value as Kind)}
        >
          {kinds.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      {kind === 'delayed' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-expectedDelivery`}>
            New expected delivery date
          </label>
          <input
            id={`${id}-expectedDelivery`}
            type="date"
            className="input"
            min={ukDate()}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            {...described('expectedDelivery')}
          />
          <FieldError id={`${id}-expectedDelivery-error`} error={errors.expectedDelivery} />
        </div>
      ) : null}
      {kind === 'out_for_delivery' ? (
        <>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-driverName`}>
              Driver’s first name (optional)
            </label>
            <input
              id={`${id}-driverName`}
              className="input"
              maxLength={DRIVER_NAME_MAX}
              autoComplete="off"
              value={round.driverName}
              onChange={(e) => setRound({ ...round, driverName: e.target.value })}
              {...described('driverName')}
            />
            <FieldError id={`${id}-driverName-error`} error={errors.driverName} />
          </div>
          <div className="field" role="group" aria-labelledby={`${id}-window`}>
            <p id={`${id}-window`} className="field__label">
              Delivery window (optional)
            </p>
            <p className="field__hint">The recipient sees it on the tracking page and in the email.</p>
            <div className="row">
              {(['windowFrom', 'windowTo'] as const).map((name) => (
                <div className="field" key={name}>
                  <label className="field__label" htmlFor={`${id}-${name}`}>
                    {name === 'windowFrom' ? 'From' : 'To'}
                  </label>
                  <input
                    id={`${id}-${name}`}
                    type="time"
                    className="input"
                    value={round[name]}
                    onChange={(e) => setRound({ ...round, [name]: e.target.value })}
                    {...described(name)}
                  />
                  <FieldError id={`${id}-${name}-error`} error={errors[name]} />
                </div>
              ))}
            </div>
          </div>
        </>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-note`}>
          Note {noteRequired ? '(required)' : '(optional)'}
        </label>
        <textarea
          id={`${id}-note`}
          className="input input--textarea"
          rows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          {...described('note')}
        />
        <FieldError id={`${id}-note-error`} error={errors.note} />
      </div>
      <div className="row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Adding...' : 'Add event'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={onCancel}
          disabled={save.isPending}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
