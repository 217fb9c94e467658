import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { FieldError, TextField } from '../../components/Field';
import { type CourierFormValues, NEW_TIER } from './courierForm';

interface TierEditorProps {
  control: Control<CourierFormValues>;
  register: UseFormRegister<CourierFormValues>;
  errors: FieldErrors<CourierFormValues>;
  currencySymbol: string;
}

/**
 * Weight tiers: a parcel pays the price of the lightest tier that covers its chargeable weight.
 * One tier always stays (its remove button is hidden); a new tier starts at 1 kg for 0.
 */
export function TierEditor({ control, register, errors, currencySymbol }: TierEditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'weightTiers' });
  return (
    <div className="tier-editor">
      <ol className="tier-editor__list">
        {fields.map((field, index) => {
          const tierErrors = errors.weightTiers?.[index];
          return (
            <li key={field.id} className="tier-editor__row">
              <fieldset className="tier-editor__fieldset">
                <legend className="tier-editor__legend">Tier {index + 1}</legend>
                <TextField
                  label="Up to (kg)"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.1"
                  required
                  error={tierErrors?.maxKg?.message}
                  {...register(`weightTiers.${index}.maxKg`)}
                />
                <TextField
                  label={`Price (${currencySymbol})`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  required
                  error={tierErrors?.price?.message}
                  {...register(`weightTiers.${index}.price`)}
                />
                {fields.length > 1 ? (
                  <button
                    type="button"
                    className="button button--ghost tier-editor__remove"
                    onClick={() => remove(index)}
                    aria-label={`Remove tier ${index + 1}`}
                  >
                    Remove
                  </button>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <FieldError
        error={typeof errors.weightTiers?.message === 'string' ? errors.weightTiers.message : undefined}
      />
      <button
        type="button"
        className="button button--secondary"
        onClick={() => append({ ...NEW_TIER }, { focusName: `weightTiers.${fields.length}.maxKg` })}
      >
        Add Tier
      </button>
    </div>
  );
}
