/**
 * A weight or size adjustment on one of the courier's orders (docs/claims-and-returns.md,
 * "Adjustments"): the one filed, with where it stands, or on a collected order the form that
 * files one. The price is never typed: "Check the price" asks the API what the courier's rate
 * card makes of the measured parcels, and only that checked price can be sent.
 */
import { formatMoney } from '@consign/shared/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { FieldError, TextAreaField, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { formatDateTime, formatKg } from '../../lib/format';
import {
  type AdjustmentPreview,
  adjustmentKeys,
  adjustmentsApi,
  type MeasuredParcel,
} from '../../shared/api/adjustments';
import { describeError, fieldErrorsOf } from '../../shared/api/client';
import { type OrderDetail, orderKeys } from '../../shared/api/orders';
import { useAuth } from '../../shared/auth/auth';
import { UploadsField, useUploadsBusy } from '../../shared/components/UploadsField';
import { AdjustmentCard, mayHaveAdjustments } from '../../shared/orders/OrderAdjustments';
import { Section } from '../../shared/orders/OrderParts';

export function VendorAdjustment({ order }: { order: OrderDetail }) {
  const { apiClient } = useAuth();
  const [filing, setFiling] = useState(false);
  const adjustments = useQuery({
    queryKey: [...adjustmentKeys.ofOrder(order.id), 'vendor'],
    queryFn: ({ signal }) => adjustmentsApi.ofOrder(apiClient, order.id, signal),
    // Collected orders only; the API enforces the 2-working-day window.
    enabled: mayHaveAdjustments(order),
  });
  if (!mayHaveAdjustments(order) || adjustments.isPending) return null;
  if (adjustments.isError) {
    return (
      <Section title="Price adjustment">
        <p className="alert alert--error" role="alert">
          {describeError(adjustments.error)}
        </p>
      </Section>
    );
  }
  if (adjustments.data.length > 0) {
    return (
      <Section title="Price adjustment">
        <div className="stack">
          {adjustments.data.map((a) => (
            <AdjustmentCard key={a.id} adjustment={a} viewer="courier" />
          ))}
        </div>
      </Section>
    );
  }
  return (
    <Section title="Price adjustment">
      {filing ? (
        <AdjustmentForm order={order} onDone={() => setFiling(false)} />
      ) : (
        <div className="stack">
          <p className="muted">
            Measured the parcel heavier or larger than booked? Within 2 working days of collection you can ask
            the customer for the difference, priced by your rate card.
          </p>
          <div>
            <button type="button" className="button button--secondary" onClick={() => setFiling(true)}>
              Adjust weight or size
            </button>
          </div>
        </div>
      )}
    </Section>
  );
}

const MEASURES = [
  { key: 'length', label: 'Length (cm)' },
  { key: 'width', label: 'Width (cm)' },
  { key: 'height', label: 'Height (cm)' },
  { key: 'weight', label: 'Weight (kg)' },
] as const;

type Draft = Record<(typeof MEASURES)[number]['key'], string>;

const toDraft = (p: MeasuredParcel): Draft => ({
  length: String(p.length),
  width: String(p.width),
  height: String(p.height),
  weight: String(p.weight),
});

/** The drafts as numbers, or the field errors (keyed as the API keys them: parcels.0.weight). */
export function measuredParcels(drafts: Draft[]): {
  parcels: MeasuredParcel[];
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const parcels = drafts.map((d, i) => {
    const parcel = { length: 0, width: 0, height: 0, weight: 0 };
    for (const { key } of MEASURES) {
      const value = Number(d[key].trim().replace(',', '.'));
      if (!d[key].trim() || !Number.isFinite(value) || value <= 0) {
        errors[`parcels.${i}.${key}`] = 'Enter a number above 0';
      } else parcel[key] = value;
    }
    return parcel;
  });
  return { parcels, errors };
}

function AdjustmentForm({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Draft[]>(() => order.parcels.map(toDraft));
  const [photos, setPhotos] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<AdjustmentPreview | null>(null);
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);

  const showErrors = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    setErrors(fields);
    setFormError(Object.keys(fields).length ? null : describeError(error));
  };

  const uploads = useUploadsBusy();

  const check = useMutation({
    mutationFn: (parcels: MeasuredParcel[]) => adjustmentsApi.preview(apiClient, order.id, parcels),
    onSuccess: (figures) => setPreview(figures),
    onError: showErrors,
  });

  const file = useMutation({
    mutationFn: (parcels: MeasuredParcel[]) =>
      adjustmentsApi.file(apiClient, order.id, { parcels, photos, ...(note.trim() ? { note } : {}) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adjustmentKeys.ofOrder(order.id) });
      await queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
      toast.success('Adjustment sent to the customer');
      onDone();
    },
    onError: showErrors,
  });

  function edit(index: number, key: keyof Draft, value: string) {
    setDrafts((list) => list.map((d, i) => (i === index ? { ...d, [key]: value } : d)));
    // A changed figure needs its price checked again.
    setPreview(null);
    setErrors(
      ({ [`parcels.${index}.${key}`]: _field, parcels: _all, [`parcels.${index}`]: _one, ...rest }) => rest,
    );
  }

  function validated() {
    const { parcels, errors: next } = measuredParcels(drafts);
    setErrors(next);
    setFormError(null);
    return Object.keys(next).length === 0 ? parcels : null;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parcels = validated();
    if (!parcels) return;
    if (!preview) {
      check.mutate(parcels);
      return;
    }
    if (photos.length === 0) {
      setErrors({ photos: 'Add a photo of the parcel on the scales or against the measure' });
      return;
    }
    file.mutate(parcels);
  }

  const busy = check.isPending || file.isPending || uploads.busy;
  return (
    <form className="stack claim-form" onSubmit={submit} noValidate aria-label="Adjust weight or size">
      <p className="muted">
        Enter each parcel as you measured it. The price comes from your rate card for this service: the
        customer pays what the measured parcel costs more than the booked one, and only after accepting.
      </p>
      {formError ? (
        <p className="alert alert--error" role="alert">
          {formError}
        </p>
      ) : null}
      {drafts.map((draft, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: parcels have no id and never reorder.
        <fieldset key={i} className="adjustment-form__parcel">
          <legend>
            Parcel {i + 1} (booked {order.parcels[i]?.weight} kg)
          </legend>
          {MEASURES.map(({ key, label }, k) => (
            <TextField
              key={key}
              ref={i === 0 && k === 0 ? firstField : undefined}
              label={label}
              inputMode="decimal"
              value={draft[key]}
              onChange={(e) => edit(i, key, e.target.value)}
              error={errors[`parcels.${i}.${key}`]}
            />
          ))}
          <FieldError error={errors[`parcels.${i}`]} />
        </fieldset>
      ))}
      <FieldError error={errors.parcels} />
      <UploadsField
        id={`adjustment-photo-${order.id}`}
        label="Photo of the measurement"
        item="photo"
        listLabel="Photos added"
        urls={photos}
        onChange={(update) => {
          setPhotos(update);
          setErrors(({ photos: _p, 'photos.0': _first, ...rest }) => rest);
        }}
        max={5}
        error={errors.photos ?? errors['photos.0']}
        onUploading={uploads.uploading('photos')}
      />
      <TextAreaField
        label="Note for the customer (optional)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={errors.note}
        maxLength={1000}
        rows={2}
      />
      {preview ? (
        <div className="card" aria-live="polite" aria-label="The adjusted price">
          <dl className="meta-list">
            <dt>Chargeable weight</dt>
            <dd>
              {formatKg(preview.bookedChargeableKg)} booked, {formatKg(preview.measuredChargeableKg)} measured
            </dd>
            <dt>Price booked</dt>
            <dd>{formatMoney(preview.bookedPrice.amount, preview.bookedPrice.currency)}</dd>
            <dt>Price as measured</dt>
            <dd>{formatMoney(preview.adjustedPrice.amount, preview.adjustedPrice.currency)}</dd>
            <dt>The customer would pay</dt>
            <dd>
              <strong>{formatMoney(preview.difference.amount, preview.difference.currency)}</strong>
            </dd>
            {preview.deadline ? (
              <>
                <dt>File it by</dt>
                <dd>{formatDateTime(preview.deadline)}</dd>
              </>
            ) : null}
          </dl>
        </div>
      ) : null}
      <div className="row adjustment-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {check.isPending ? (
            <Spinner label="Checking the price" />
          ) : file.isPending ? (
            <Spinner label="Sending the adjustment" />
          ) : preview ? (
            `File adjustment for ${formatMoney(preview.difference.amount, preview.difference.currency)}`
          ) : (
            'Check the price'
          )}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone} disabled={file.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
