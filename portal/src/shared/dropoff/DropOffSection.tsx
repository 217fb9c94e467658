import {
  HANDOVER_DESCRIPTIONS,
  type Handover,
  LABEL_MODE_DESCRIPTIONS,
  type LabelMode,
} from '@consign/shared/handover';
import { formatPostcode, isUkPostcode } from '@consign/shared/postcodes';
import { useId } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { FieldError } from '../../components/Field';
import type { BookingValues } from '../booking-form/formValues';
import { useFieldError } from '../booking-form/useFieldError';
import type { DropOffSearch } from './api';
import { DropOffPicker } from './DropOffPicker';
import { dropsOff } from './dropOffForm';

export interface DropOffSectionProps {
  serviceId: string;
  handover: Handover;
  labelMode: LabelMode;
  /** The parcels' own weights: a counter's limit is per parcel. */
  parcelWeights: readonly number[];
  today: string;
}

/**
 * The booking form's hand-over section: for a service that is collected or dropped off, the
 * choice between the two; for a dropped-off parcel, the nearest points to the collection
 * postcode, open on the collection date (the picker). Nothing for a collected-only service.
 */
export function DropOffSection({
  serviceId,
  handover,
  labelMode,
  parcelWeights,
  today,
}: DropOffSectionProps) {
  const { control, register } = useFormContext<BookingValues>();
  const error = useFieldError()('dropOffPointId');
  const headingId = useId();
  const errorId = useId();
  const [postcode, collectionDate, handoverChoice] = useWatch({
    control,
    name: ['collection.postcode', 'collectionDate', 'handoverChoice'],
  });
  const { field } = useController({ control, name: 'dropOffPointId', defaultValue: '' });
  if (handover === 'collection') return null;

  const dropping = dropsOff({ handoverChoice }, handover);
  const date =
    /^\d{4}-\d{2}-\d{2}$/.test(collectionDate) && collectionDate >= today ? collectionDate : undefined;
  const search: DropOffSearch | null = isUkPostcode(postcode)
    ? {
        postcode: formatPostcode(postcode),
        serviceId,
        ...(date ? { date } : {}),
        weightKg: Math.max(...parcelWeights),
      }
    : null;

  return (
    <fieldset className="card form-section dropoff-section">
      <legend className="form-section__title">
        {handover === 'both' ? 'Collection or drop-off' : 'Drop-off point'}
      </legend>
      <p className="muted form-section__intro">
        {HANDOVER_DESCRIPTIONS[handover]} {LABEL_MODE_DESCRIPTIONS[labelMode]}
      </p>
      {handover === 'both' ? (
        <div
          className="choice__options dropoff-section__choice"
          role="radiogroup"
          aria-label="How the parcel starts"
        >
          <label className="choice__option">
            <input
              type="radio"
              value="collection"
              defaultChecked={!dropping}
              {...register('handoverChoice')}
            />
            Collected from the collection address
          </label>
          <label className="choice__option">
            <input type="radio" value="drop_off" {...register('handoverChoice')} />I will take it to a
            drop-off point
          </label>
        </div>
      ) : null}
      {dropping ? (
        <>
          <h3 id={headingId} className="dropoff-section__title">
            Drop-off points near the collection postcode
          </h3>
          <DropOffPicker
            search={search}
            value={field.value || null}
            onChoose={(point) => field.onChange(point.id)}
            labelId={headingId}
            error={error}
            errorId={errorId}
          />
          <FieldError id={errorId} error={error} />
        </>
      ) : null}
    </fieldset>
  );
}
