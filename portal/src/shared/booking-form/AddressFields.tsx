import { formatPostcode } from '@consign/shared/postcodes';
import { type ReactNode, useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { TextField } from '../../components/Field';
import type { AddressValues, BookingValues } from './formValues';
import { PostcodeAddresses } from './PostcodeAddresses';
import { useFieldError } from './useFieldError';
export interface SavedAddress {
  id: string;
  label: string;
  values: Partial<AddressValues>;
}

export const ADDRESS_KEYS = [
  'name',
  'email',
  'phone',
  'line1',
  'line2',
  'town',
  'county',
  'postcode',
] as const;

export interface AddressInput {
  key: Exclude<(typeof ADDRESS_KEYS)[number], 'postcode'>;
  label: string;
  type?: 'email' | 'tel';
  inputMode?: 'email' | 'tel';
  /** The autofill token, after the section's name. */
  autoComplete: string;
  required: boolean;
}

export const CONTACT_FIELDS: readonly AddressInput[] = [
  { key: 'name', label: 'Full name', autoComplete: 'name', required: true },
  { key: 'email', label: 'Email', type: 'email', inputMode: 'email', autoComplete: 'email', required: true },
  {
    key: 'phone',
    label: 'Contact number',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    required: true,
  },
];

export const STREET_FIELDS: readonly AddressInput[] = [
  { key: 'line1', label: 'Street', autoComplete: 'address-line1', required: true },
  { key: 'line2', label: 'Address line 2 (optional)', autoComplete: 'address-line2', required: false },
  { key: 'town', label: 'Town', autoComplete: 'address-level2', required: true },
  { key: 'county', label: 'County', autoComplete: 'address-level1', required: true },
];

export interface AddressFieldsProps {
  prefix: 'collection' | 'delivery';
  legend: string;
  intro?: ReactNode;
  /** The country, read-only: it comes from the quote's route. */
  countryName: string;
  saved: readonly SavedAddress[];
}

export function AddressFields({ prefix, legend, intro, countryName, saved }: AddressFieldsProps) {
  const { register, setValue, getValues, formState } = useFormContext<BookingValues>();
  const error = useFieldError();
  const pickerId = useId();
  const isUk = getValues(`${prefix}.country`) === 'GB';
  const field = (key: (typeof ADDRESS_KEYS)[number]) => `${prefix}.${key}` as const;
  // Registered in screen order before the postcode (whose handlers are needed below), so a
  // failed submit focuses the first empty field from the top.
  for (const key of ['name', 'email', 'phone'] as const) register(field(key));
  const postcode = register(field('postcode'));
  const scope = `section-${prefix}`;
  const input = ({ key, label, type, inputMode, autoComplete, required }: AddressInput) => (
    <TextField
      key={key}
      label={label}
      type={type}
      inputMode={inputMode}
      autoComplete={`${scope} ${autoComplete}`}
      required={required}
      error={error(field(key))}
      {...register(field(key))}
    />
  );

  function fill(id: string) {
    const address = saved.find((a) => a.id === id);
    if (!address) return;
    for (const key of ADDRESS_KEYS) {
      const value = address.values[key];
      if (value !== undefined && value !== '') {
        // Validate straight away only once the customer has tried to submit, as typing does.
        setValue(field(key), value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
      }
    }
  }

  return (
    <fieldset className="card form-section">
      <legend className="form-section__title">{legend}</legend>
      {intro ? <p className="muted form-section__intro">{intro}</p> : null}
      {saved.length > 0 ? (
        <div className="field saved-address">
          <label className="field__label" htmlFor={pickerId}>
            Use a saved address
          </label>
          <select
            id={pickerId}
            className="input input--select"
            value=""
            onChange={(event) => fill(event.target.value)}
            aria-describedby={`${pickerId}-hint`}
          >
            <option value="">Choose from your account and earlier orders…</option>
            {saved.map((address) => (
              <option key={address.id} value={address.id}>
                {address.label}
              </option>
            ))}
          </select>
          <p className="field__hint" id={`${pickerId}-hint`}>
            Fills the fields below; you can still change them.
          </p>
        </div>
      ) : null}
      <div className="form-grid">
        {CONTACT_FIELDS.map(input)}
        <TextField
          label="Postcode"
          autoComplete={`${scope} postal-code`}
          autoCapitalize="characters"
          required
          hint={isUk ? 'A UK postcode, such as SW1A 1AA' : undefined}
          error={error(field('postcode'))}
          {...postcode}
          onBlur={(event) => {
            if (isUk) {
              const formatted = formatPostcode(event.target.value);
              if (formatted !== event.target.value) setValue(field('postcode'), formatted);
            }
            return postcode.onBlur(event);
          }}
        />
        {isUk ? <PostcodeAddresses prefix={prefix} /> : null}
        {STREET_FIELDS.map((f) =>
          // Abroad a county is only asked for where the destination has one.
          f.key === 'county' && !isUk
            ? input({ ...f, label: 'County or region (optional)', required: false })
            : input(f),
        )}
        <TextField label="Country" value={countryName} readOnly hint="Set by the route of your quote" />
      </div>
    </fieldset>
  );
}
