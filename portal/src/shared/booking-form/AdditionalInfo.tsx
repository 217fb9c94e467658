import { useFormContext } from 'react-hook-form';
import { TextAreaField, TextField } from '../../components/Field';
import { ukDate } from '../../lib/format';
import type { CollectionDays } from '../api/meta';
import type { BookingValues } from './formValues';
import { useFieldError } from './useFieldError';

/**
 * The collection date offers the days the API's calendar allows: from the first collection day
 * (tomorrow's once the cut-off has passed) to 12 months ahead, the rule stated beside it. A native
 * date input cannot grey out weekends and bank holidays: choosing one is named at the field.
 */
export function AdditionalInfo({
  today = ukDate(),
  days,
}: {
  today?: string;
  days?: CollectionDays | undefined;
}) {
  const { register } = useFormContext<BookingValues>();
  const error = useFieldError();
  return (
    <fieldset className="card form-section">
      <legend className="form-section__title">Additional information</legend>
      <div className="form-grid">
        <TextField
          label="Collection date"
          type="date"
          min={days?.earliest ?? today}
          max={days?.latest}
          required
          hint={days?.hint ?? 'Not before today'}
          error={error('collectionDate')}
          {...register('collectionDate')}
        />
        <TextField
          label="Package content"
          required
          placeholder="e.g. Books"
          error={error('contents')}
          {...register('contents')}
        />
        <TextField
          label="Content value (£)"
          inputMode="decimal"
          required
          placeholder="0.00"
          error={error('contentValue')}
          {...register('contentValue')}
        />
      </div>
      <TextAreaField
        label="Courier notes (optional)"
        rows={3}
        maxLength={1000}
        placeholder="Anything the courier should know: a safe place, a gate code, opening hours"
        error={error('notes')}
        {...register('notes')}
      />
    </fieldset>
  );
}
