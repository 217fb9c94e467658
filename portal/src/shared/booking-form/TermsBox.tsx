import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { FieldError } from '../../components/Field';
import type { BookingValues } from './formValues';
import { useFieldError } from './useFieldError';
export function TermsBox() {
  const { register } = useFormContext<BookingValues>();
  const error = useFieldError()('terms');
  const id = useId();
  return (
    <div className="card form-section terms-box">
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register('terms')}
        />
        <span>
          I agree to the{' '}
          <Link to="/terms" target="_blank" rel="noreferrer">
            Terms and Conditions
          </Link>
          , and confirm the parcel contains no prohibited items and is packed and labelled as they describe.
        </span>
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
