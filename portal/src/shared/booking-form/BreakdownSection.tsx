import { formatMoney } from '@consign/shared/money';
import { useState } from 'react';
import { type FieldPath, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { FieldError, SelectField, TextField } from '../../components/Field';
import { countryOptions, type ReferenceData } from '../api/meta';
import { breakdownTotal, lineSubtotal } from './breakdown';
import { errorAt } from './formResolver';
import { type BookingValues, emptyItem } from './formValues';
import { HsCodeFinder } from './HsCodeFinder';
import { useFieldError } from './useFieldError';
export interface BreakdownProps {
  reference: ReferenceData;
  currency: string;
}

export function BreakdownSection({ reference, currency }: BreakdownProps) {
  const { control, register, setValue, formState } = useFormContext<BookingValues>();
  const error = useFieldError();
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const items = useWatch({ control, name: 'items' }) ?? [];
  const [finderFor, setFinderFor] = useState<number | null>(null);
  const rootError = errorAt(formState.errors, 'items');

  return (
    <fieldset className="card form-section">
      <legend className="form-section__title">Breakdown of contents</legend>
      <p className="muted form-section__intro">
        List each kind of item in the parcel, as the customs declaration will.
      </p>
      <ol className="breakdown">
        {fields.map((row, index) => {
          const subtotal = lineSubtotal(items[index] ?? { quantity: '', unitValue: '' });
          const name = (key: string) => `items.${index}.${key}` as FieldPath<BookingValues>;
          return (
            <li key={row.id} className="breakdown__row">
              <fieldset className="breakdown__fields">
                <legend className="breakdown__legend">Item {index + 1}</legend>
                <TextField
                  label="Description"
                  hint="letters, numbers and , . - / % & ' ( ) +"
                  required
                  error={error(name('description'))}
                  {...register(`items.${index}.description`)}
                />
                <div className="breakdown__hs">
                  <TextField
                    label="HS code"
                    hint="6 to 10 digits: the 6-digit international code, then the UK's extra digits if you know them"
                    inputMode="numeric"
                    required
                    error={error(name('hsCode'))}
                    {...register(`items.${index}.hsCode`)}
                  />
                  <button
                    type="button"
                    className="button button--secondary breakdown__find"
                    onClick={() => setFinderFor(index)}
                    aria-label={`Find HS code for item ${index + 1}`}
                  >
                    Find HS code
                  </button>
                </div>
                <TextField
                  label="Quantity"
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  required
                  error={error(name('quantity'))}
                  {...register(`items.${index}.quantity`)}
                />
                <TextField
                  label="Unit value (£)"
                  type="number"
                  min={0.01}
                  step={0.01}
                  inputMode="decimal"
                  required
                  error={error(name('unitValue'))}
                  {...register(`items.${index}.unitValue`)}
                />
                <SelectField
                  label="Country of manufacture"
                  required
                  error={error(name('originCountry'))}
                  options={countryOptions(reference.manufactureCountries)}
                  {...register(`items.${index}.originCountry`)}
                >
                  <option value="">Choose…</option>
                </SelectField>
                <p className="breakdown__subtotal">
                  <span>Subtotal</span>{' '}
                  <output aria-label={`Item ${index + 1} subtotal`}>
                    {subtotal === null ? '—' : formatMoney(subtotal, currency)}
                  </output>
                </p>
              </fieldset>
              <button
                type="button"
                className="link-button breakdown__remove"
                onClick={() => remove(index)}
                aria-label={`Remove item ${index + 1}`}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      <FieldError error={rootError} />
      <div className="row row--between breakdown__footer">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => append(emptyItem(items[items.length - 1]?.originCountry ?? ''))}
          disabled={fields.length >= 100}
        >
          Add item
        </button>
        <p className="breakdown__total">
          Total value{' '}
          <output aria-label="Breakdown total">{formatMoney(breakdownTotal(items), currency)}</output>
        </p>
      </div>
      {finderFor !== null ? (
        <HsCodeFinder
          categories={reference.hsCodeCategories}
          onClose={() => setFinderFor(null)}
          onPick={(code) => {
            setValue(`items.${finderFor}.hsCode`, code, {
              shouldDirty: true,
              shouldValidate: formState.isSubmitted,
            });
            setFinderFor(null);
          }}
        />
      ) : null}
    </fieldset>
  );
}
