import { postcodeRequired, regionRule } from '@consign/shared/addresses';
import { formatPostcode } from '@consign/shared/postcodes';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '../../components/Field';
import type { AddressValues, BookingValues } from './formValues';
import { PostcodeAddresses } from './PostcodeAddresses';
import { useFieldError } from './useFieldError';
export interface SavedAddress {
  id: string;
  label: string;
  values: Partial<AddressValues>;
  /** An address book entry (not the account's or an earlier order's). */
  fromBook?: boolean;
  defaultSender?: boolean;
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

/**
 * A street field as the address's country names and needs it (@consign/shared/addresses, the API's
 * rule too): the county is a "State" in the US, a "Province" in Canada, optional where there is none.
 */
export function streetFieldFor(f: AddressInput, country: string): AddressInput {
  if (f.key !== 'county') return f;
  const rule = regionRule(country);
  return { ...f, label: rule.required ? rule.label : `${rule.label} (optional)`, required: rule.required };
}

/** The postcode's label: optional where the country has no postcodes (Dubai). */
export const postcodeLabel = (country: string) =>
  postcodeRequired(country) ? 'Postcode' : 'Postcode (optional)';

export interface AddressFieldsProps {
  prefix: 'collection' | 'delivery';
  legend: string;
  intro?: ReactNode;
  /** The country, read-only: it comes from the quote's route. */
  countryName: string;
  saved: readonly SavedAddress[];
  /** Offer "Save to my address book" with a label (the booking form saves it when sent). */
  offerSave?: boolean;
  /**
   * Fill an empty section with the address book's default sender, once it is known (the
   * booking's collection: the sender bookings start from).
   */
  startFromDefault?: boolean;
}

export function AddressFields({
  prefix,
  legend,
  intro,
  countryName,
  saved,
  offerSave = false,
  startFromDefault = false,
}: AddressFieldsProps) {
  const { register, setValue, getValues, formState, control } = useFormContext<BookingValues>();
  const [fromBook, setFromBook] = useState<string | null>(null);
  const started = useRef(false);
  const error = useFieldError();
  const pickerId = useId();
  const country = getValues(`${prefix}.country`);
  const isUk = country === 'GB';
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
    // An address from the book needs no saving; another one may still be saved under a label.
    setFromBook(address.fromBook ? address.label : null);
    if (address.fromBook) setValue(`saveToBook.${prefix}.save`, false);
    for (const key of ADDRESS_KEYS) {
      const value = address.values[key];
      if (value !== undefined && value !== '') {
        // Validate straight away only once the customer has tried to submit, as typing does.
        setValue(field(key), value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
      }
    }
  }

  const defaultSender = startFromDefault ? saved.find((a) => a.defaultSender) : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the default sender is first known; later changes are the customer's.
  useEffect(() => {
    if (!defaultSender || started.current) return;
    started.current = true;
    const empty = (['name', 'line1', 'postcode'] as const).every((key) => !getValues(field(key)));
    if (empty) fill(defaultSender.id);
  }, [defaultSender]);

  // useWatch, not watch: this section alone draws again when the box changes, not the whole form.
  const ticked = useWatch({ control, name: `saveToBook.${prefix}.save` });
  const saving = offerSave && ticked;
  const books = saved.filter((a) => a.fromBook);
  const others = saved.filter((a) => !a.fromBook);
  const options = (list: readonly SavedAddress[]) =>
    list.map((address) => (
      <option key={address.id} value={address.id}>
        {address.label}
      </option>
    ));

  return (
    <fieldset className="card form-section">
      <legend className="form-section__title">{legend}</legend>
      {intro ? <p className="muted form-section__intro">{intro}</p> : null}
      {saved.length > 0 ? (
        <div className="field saved-address">
          <label className="field__label" htmlFor={pickerId}>
            Choose a saved address
          </label>
          <select
            id={pickerId}
            className="input input--select"
            value=""
            onChange={(event) => fill(event.target.value)}
            aria-describedby={`${pickerId}-hint`}
          >
            <option value="">
              {books.length
                ? 'Choose from your address book and earlier orders…'
                : 'Choose from your account and earlier orders…'}
            </option>
            {books.length && others.length ? (
              <>
                <optgroup label="Address book">{options(books)}</optgroup>
                <optgroup label="Your account and earlier orders">{options(others)}</optgroup>
              </>
            ) : (
              options(saved)
            )}
          </select>
          <p className="field__hint" id={`${pickerId}-hint`} aria-live="polite">
            {fromBook
              ? `Filled from your address book: ${fromBook.split(':')[0]}. You can still change the fields.`
              : 'Fills the fields below; you can still change them.'}
          </p>
        </div>
      ) : null}
      <div className="form-grid">
        {CONTACT_FIELDS.map(input)}
        <TextField
          label={postcodeLabel(country)}
          autoComplete={`${scope} postal-code`}
          autoCapitalize="characters"
          required={postcodeRequired(country)}
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
        {STREET_FIELDS.map((f) => input(streetFieldFor(f, country)))}
        <TextField label="Country" value={countryName} readOnly hint="Set by the route of your quote" />
      </div>
      {offerSave && !fromBook ? (
        <div className="save-to-book">
          <label className="checkbox">
            <input type="checkbox" {...register(`saveToBook.${prefix}.save`)} />
            <span>Save to my address book</span>
          </label>
          {saving ? (
            <TextField
              label="Label for this address"
              hint="Your own name for it, such as Warehouse or Mum"
              maxLength={40}
              error={error(`saveToBook.${prefix}.label`)}
              {...register(`saveToBook.${prefix}.label`)}
            />
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
